package dev.threadline.kafka;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.topics.CoPartitioningException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CoPartitioningRuleTest {

  @Test
  void acceptsEqualPartitionCounts() {
    assertThatCode(() -> TopicProvisioner.checkCounts(Map.of("a", 6, "b", 6), List.of()))
        .doesNotThrowAnyException();
  }

  @Test
  void rejectsDifferingCountsNamingEveryTopicAndCount() {
    assertThatThrownBy(
            () ->
                TopicProvisioner.checkCounts(
                    Map.of("x.thread-commands", 6, "x.model-results", 3), List.of()))
        .isInstanceOf(CoPartitioningException.class)
        .hasMessageContaining("x.thread-commands: 6")
        .hasMessageContaining("x.model-results: 3");
  }

  @Test
  void rejectsMissingTopicsNamingThem() {
    assertThatThrownBy(
            () -> TopicProvisioner.checkCounts(Map.of("a", 6), List.of("x.tool-results")))
        .isInstanceOf(CoPartitioningException.class)
        .hasMessageContaining("x.tool-results");
  }
}
