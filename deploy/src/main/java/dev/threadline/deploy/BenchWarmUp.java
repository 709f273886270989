package dev.threadline.deploy;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.topics.Topics;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.serialization.Deserializer;

/** The bench's warm-up: unmeasured rounds until the JIT compilers are quiet. */
record BenchWarmUp(
    BenchOptions options,
    LocalStack stack,
    Topics topics,
    Deserializer<ThreadEvent> events,
    LoadGenerator load,
    String agent) {
  /** Share of the stack's CPU under which the JIT compilers count as done warming up. */
  static final double JIT_QUIET = 0.05;

  /**
   * Unmeasured rounds of about 20,000 steps of the bench agent (or {@code --warmup-threads} threads
   * each), until the JIT compiler threads use less than {@link #JIT_QUIET} of the stack's CPU in a
   * round, or {@code --warmup-rounds} rounds (10) have run. With a fixed 10,000 or 40,000 steps the
   * compilers were still among the largest CPU consumers of the measured run (docs/benchmarks.md).
   */
  void rounds(String label) throws Exception {
    int perRound = threadsPerRound();
    if (perRound == 0) {
      return;
    }
    Map<String, Long> pids = stack.pids();
    for (int round = 1; round <= options.warmupRounds; round++) {
      double cpuBefore = ProcessStats.total(ProcessStats.cpuSeconds(pids));
      double jitBefore = ProcessStats.jitSeconds(pids);
      long started = System.nanoTime();
      run(perRound);
      double seconds = (System.nanoTime() - started) / 1e9;
      double cpu = ProcessStats.total(ProcessStats.cpuSeconds(pids)) - cpuBefore;
      double jitShare = (ProcessStats.jitSeconds(pids) - jitBefore) / cpu;
      System.out.printf(
          "%s round %d: %d threads x %d steps in %.1f s, JIT compilers %.0f %% of the"
              + " stack's CPU%n",
          label, round, perRound, options.steps, seconds, jitShare * 100);
      if (jitShare < JIT_QUIET) {
        return;
      }
    }
  }

  private int threadsPerRound() {
    return options.warmupThreads >= 0
        ? options.warmupThreads
        : Math.max(1, Math.min(4_000, 20_000 / options.steps));
  }

  /** {@code threads} threads of the bench agent, to their turns' end. */
  private void run(int threads) throws Exception {
    String id = "warmup-" + UUID.randomUUID().toString().substring(0, 8);
    // Reading what the measured run reads: the request topics too when the broker stamps append
    // times, or the launcher compiles that path during the measured run, on the stack's cores.
    try (EventCollector collector =
        new EventCollector(
            stack.bootstrap(),
            topics,
            events,
            "bench-" + id + "-",
            options.http(),
            options.brokerStampsAppendTimes())) {
      load.send(agent, id, threads, true);
      collector.awaitTurns(threads, options.timeout);
    }
  }
}
