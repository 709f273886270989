package dev.threadline.deploy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How many requests the broker answered during the run, by request type (its {@code RequestMetrics}
 * counts), and how many each service's Kafka clients sent (their {@code request-total}): the
 * broker's cost is per request more than per byte, so requests per step show which process makes it
 * work.
 */
record BrokerRequests(Map<String, Double> byType, Map<String, Double> byProcess) {
  private static final List<String> CLIENT_METRICS =
      List.of(
          "kafka.producer:type=producer-metrics,client-id=*",
          "kafka.consumer:type=consumer-metrics,client-id=*",
          "kafka.admin.client:type=admin-client-metrics,client-id=*");

  static BrokerRequests of(Map<String, Long> pids) {
    Map<String, Double> byType = Map.of();
    Map<String, Double> byProcess = new LinkedHashMap<>();
    for (var process : pids.entrySet()) {
      try (Jmx jmx = Jmx.attach(process.getValue())) {
        if (process.getKey().equals("kafka")) {
          byType =
              jmx.sumBy(
                  "kafka.network:type=RequestMetrics,name=RequestsPerSec,*", "Count", "request");
        } else {
          double sent = 0;
          for (String clients : CLIENT_METRICS) {
            sent += jmx.sum(clients, "request-total");
          }
          byProcess.put(process.getKey(), sent);
        }
      } catch (Exception e) {
        // A process that cannot be attached to (the registry's own JVM settings) is left out.
      }
    }
    return new BrokerRequests(byType, byProcess);
  }

  BrokerRequests minus(BrokerRequests before) {
    return new BrokerRequests(
        RunMeasurement.minus(byType, before.byType),
        RunMeasurement.minus(byProcess, before.byProcess));
  }

  /** The two lines the bench prints: per step, largest first, what is at least 0.01. */
  String describe(long steps) {
    return "broker requests per step, by type:"
        + perStep(byType, steps)
        + "\nclient requests per step, by process:"
        + perStep(byProcess, steps);
  }

  static String perStep(Map<String, Double> counts, long steps) {
    StringBuilder line = new StringBuilder();
    counts.entrySet().stream()
        .filter(e -> e.getValue() / steps >= 0.01)
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
        .forEach(e -> line.append(String.format(" %s %.2f", e.getKey(), e.getValue() / steps)));
    return line.isEmpty() ? " none" : line.toString();
  }
}
