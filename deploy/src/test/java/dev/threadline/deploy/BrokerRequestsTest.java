package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Requests per step over the run: the differences, largest first, the negligible left out. */
class BrokerRequestsTest {

  @Test
  void requestsPerStepAreTheRunsDifferencesLargestFirst() {
    var before =
        new BrokerRequests(
            Map.of("Produce", 100.0, "FetchConsumer", 50.0, "Metadata", 7.0),
            Map.of("step-processor", 10.0, "tool-executor", 20.0));
    var after =
        new BrokerRequests(
            Map.of("Produce", 300.0, "FetchConsumer", 450.0, "Metadata", 7.5, "EndTxn", 20.0),
            Map.of("step-processor", 410.0, "tool-executor", 220.0));
    assertThat(after.minus(before).describe(100))
        .isEqualTo(
            "broker requests per step, by type: FetchConsumer 4.00 Produce 2.00 EndTxn 0.20\n"
                + "client requests per step, by process: step-processor 4.00 tool-executor 2.00");
  }

  @Test
  void aRunWithoutRequestsSaysSo() {
    var none = new BrokerRequests(Map.of(), Map.of());
    assertThat(none.minus(none).describe(10))
        .isEqualTo(
            "broker requests per step, by type: none\nclient requests per step, by process: none");
  }
}
