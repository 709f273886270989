package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalBrokerTest {

  @Test
  void aTransactionsFirstWriteWaitingOnThePreviousOneIsRetriedAfter5msNot20() {
    var properties = LocalBroker.properties(Path.of("/tmp/broker"), 9092, Map.of());

    assertThat(properties.getProperty("add.partitions.to.txn.retry.backoff.ms")).isEqualTo("5");
  }

  @Test
  void brokerSettingsGivenToTheStackWinOverItsOwn() {
    var properties =
        LocalBroker.properties(
            Path.of("/tmp/broker"),
            9092,
            Map.of("broker.add.partitions.to.txn.retry.backoff.ms", "20", "threadline.x", "1"));

    assertThat(properties.getProperty("add.partitions.to.txn.retry.backoff.ms")).isEqualTo("20");
    assertThat(properties).doesNotContainKey("threadline.x").doesNotContainKey("x");
  }
}
