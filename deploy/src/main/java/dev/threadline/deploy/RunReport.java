package dev.threadline.deploy;

/**
 * What the event log says about a measured run: steps, sustained steps per second, each step's
 * overhead beyond the model and the tool, turn latency, and where a step's time goes.
 */
record RunReport(
    long steps,
    double stepsPerSecond,
    Percentiles stepOverhead,
    Percentiles turn,
    RunReport.Legs legs) {
  /**
   * A step's four legs: each request from the decision that made it to the executor's answer being
   * ready, and from there to the decision on the answer; when the broker stamps records with their
   * append time, the second split at the append, and the first too when the bench read the requests
   * (empty otherwise).
   */
  record Legs(
      Percentiles modelToExecutor,
      Percentiles modelToDecision,
      Percentiles toolToExecutor,
      Percentiles toolToDecision,
      Percentiles resultToBroker,
      Percentiles brokerToDecision,
      Percentiles requestToBroker,
      Percentiles brokerToAnswer) {}
}
