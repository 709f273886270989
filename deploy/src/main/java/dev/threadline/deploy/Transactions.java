package dev.threadline.deploy;

import java.util.List;

/**
 * The step processor's transactions, from its clients' metrics: how many, and how long its producer
 * spent per transaction flushing what it had sent (a commit waits for every send of the transaction
 * to be acknowledged), adding the input offsets, and committing. An unloaded step waits for two of
 * these commits.
 */
record Transactions(double count, double flushNs, double offsetsNs, double commitNs) {
  private static final Transactions UNKNOWN =
      new Transactions(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  /**
   * The broker requests a transaction is made of, in the order a commit sends them. (The broker's
   * AddOffsetsToTxn histogram stayed empty in every run here, so it is left out.)
   */
  private static final List<String> REQUESTS =
      List.of("Produce", "TxnOffsetCommit", "EndTxn", "WriteTxnMarkers");

  static Transactions of(long pid) {
    try (Jmx jmx = Jmx.attach(pid)) {
      String producers = "kafka.producer:type=producer-metrics,client-id=*";
      return new Transactions(
          jmx.sum("kafka.streams:type=stream-thread-metrics,thread-id=*", "commit-total"),
          jmx.sum(producers, "flush-time-ns-total"),
          jmx.sum(producers, "txn-send-offsets-time-ns-total"),
          jmx.sum(producers, "txn-commit-time-ns-total"));
    } catch (Exception e) {
      return UNKNOWN;
    }
  }

  Transactions minus(Transactions before) {
    return new Transactions(
        count - before.count,
        flushNs - before.flushNs,
        offsetsNs - before.offsetsNs,
        commitNs - before.commitNs);
  }

  String describe(long steps) {
    if (Double.isNaN(count)) {
      return "step processor transactions: not available (could not attach to its JVM)";
    }
    if (count <= 0) {
      return "step processor transactions during the run: none";
    }
    return String.format(
        "step processor transactions during the run: %.0f (%.2f per step); per transaction its"
            + " producer spent %.1f ms flushing, %.1f ms adding offsets, %.1f ms committing",
        count,
        count / steps,
        flushNs / count / 1e6,
        offsetsNs / count / 1e6,
        commitNs / count / 1e6);
  }

  /**
   * The broker's time per transaction request (mean and p99 in ms, over its recent requests, the
   * warm-up included): where a commit's time goes once it leaves the client.
   */
  static String brokerRequestTimes(long brokerPid) {
    StringBuilder line = new StringBuilder("broker time per request, mean / p99 ms (recent):");
    try (Jmx jmx = Jmx.attach(brokerPid)) {
      for (String request : REQUESTS) {
        String name = "kafka.network:type=RequestMetrics,name=TotalTimeMs,request=" + request;
        line.append(
            String.format(
                " %s %.1f / %.1f",
                request, jmx.sum(name, "Mean"), jmx.sum(name, "99thPercentile")));
      }
      return line.toString();
    } catch (Exception e) {
      return line.append(" not available (").append(e.getMessage()).append(')').toString();
    }
  }
}
