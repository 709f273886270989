package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class StepStreamsConfigTest {
  private static final Topics TOPICS =
      new Topics(
          TopicsConfig.defaults(), new SerdeFactory(Map.of("schema.registry.url", "in-memory")));
  private static final String LINGER =
      StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG);

  /** Executors read requests before their commit: the producer's linger is on a step's path. */
  @Test
  void requestsLingerBrieflyBeforeTheyAreSentUnlessConfiguredOtherwise() {
    Map<String, String> settings =
        Map.of("bootstrap.servers", "localhost:9092", "schema.registry.url", "in-memory");
    assertThat(StepProcessorApp.streamsConfig(settings, TOPICS).get(LINGER)).isEqualTo("2");

    Map<String, String> tuned =
        Map.of(
            "bootstrap.servers",
            "localhost:9092",
            "schema.registry.url",
            "in-memory",
            "threadline.step.producer.linger.ms",
            "10");
    assertThat(StepProcessorApp.streamsConfig(tuned, TOPICS).get(LINGER)).isEqualTo("10");
  }
}
