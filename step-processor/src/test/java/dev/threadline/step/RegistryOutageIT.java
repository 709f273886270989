package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.RegistryProxy;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

/**
 * A schema registry outage is not a poison pill: while the registry answers 503, a command whose
 * schema the step processor has not seen yet waits — its thread fails and is replaced after growing
 * pauses — and once the registry is back the command is processed, not dead-lettered.
 */
class RegistryOutageIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  @Test
  void aCommandReadDuringAnOutageIsProcessedWhenTheRegistryIsBack() throws Exception {
    try (RegistryProxy proxy = new RegistryProxy(cluster.registryUrl())) {
      StepApp app =
          new StepApp(
              "outage-it", 1, Map.of("schema.registry.url", proxy.url(cluster.registryUrl())));
      // The test plays the producers: its serdes talk to the real registry, never the proxy.
      Map<String, String> direct = new java.util.HashMap<>(app.settings);
      direct.put("schema.registry.url", cluster.registryUrl());
      Topics topics =
          new Topics(
              dev.threadline.topics.TopicsConfig.from(direct),
              new dev.threadline.topics.SerdeFactory(new java.util.HashMap<>(direct)));
      try (var probe = new ClusterProbe(cluster.bootstrapServers(), topics);
          var producer = RawProducer.to(cluster.bootstrapServers())) {
        String agents = topics.agentDefinitions().name();
        producer
            .send(
                new ProducerRecord<>(
                    agents,
                    "acme/helper".getBytes(StandardCharsets.UTF_8),
                    topics.agentDefinitions().serialize(Fixtures.agent("helper", 20))))
            .get();
        KafkaStreams streams = app.start();
        try {
          proxy.down(true);
          RawProducer.command(producer, topics, Fixtures.create("ro-create", "t-outage", "helper"));
          RawProducer.command(producer, topics, Fixtures.message("ro-msg", "t-outage", "hello"));
          ClusterProbe.await(
              () -> proxy.refused() >= 5 ? true : null, "the step processor to meet the outage");
          Thread.sleep(3_000);

          proxy.down(false);

          probe.awaitModelRequest(r -> r.getThreadId().equals("t-outage"));
          assertThat(probe.deadLetters).isEmpty();
        } finally {
          streams.close(
              CloseOptions.groupMembershipOperation(
                      CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                  .withTimeout(Duration.ofSeconds(10)));
        }
      }
    }
  }
}
