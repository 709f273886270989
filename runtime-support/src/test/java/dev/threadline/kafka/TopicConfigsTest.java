package dev.threadline.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.topics.TopicSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An acknowledged write is on two brokers wherever there are three. */
class TopicConfigsTest {
  private final TopicSpec spec = new TopicSpec("t", true, 6, Map.of("cleanup.policy", "delete"));

  @Test
  void threeReplicasOrMoreNeedTwoInSyncToTakeAWrite() {
    assertThat(TopicProvisioner.configs(spec, (short) 3))
        .containsEntry("min.insync.replicas", "2")
        .containsEntry("cleanup.policy", "delete");
    assertThat(TopicProvisioner.configs(spec, (short) 5)).containsEntry("min.insync.replicas", "2");
  }

  @Test
  void fewerReplicasKeepWritesPossibleWithOneBrokerDown() {
    assertThat(TopicProvisioner.configs(spec, (short) 2)).containsEntry("min.insync.replicas", "1");
    assertThat(TopicProvisioner.configs(spec, (short) 1)).doesNotContainKey("min.insync.replicas");
  }
}
