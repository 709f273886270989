package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.EffectFired;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.TurnStarted;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.TopicProvisioner;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

/** A scheduled effect survives a restart of the step processor and fires exactly once. */
class EffectTimerIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  @Test
  void aTimerScheduledBeforeARestartFiresExactlyOnceAfterIt() throws Exception {
    Map<String, String> settings = new HashMap<>();
    settings.put("bootstrap.servers", cluster.bootstrapServers());
    settings.put("schema.registry.url", cluster.registryUrl());
    settings.put(TopicsConfig.PREFIX, "timer-it.");
    settings.put(TopicsConfig.PARTITIONS, "2");
    settings.put("threadline.step.application.id", "timer-it-step");
    settings.put("threadline.step.state.dir", Files.createTempDirectory("timer-it-").toString());
    settings.put("threadline.step.deadline.scan.ms", "100");
    SerdeFactory serdes = new SerdeFactory(new HashMap<>(settings));
    Topics topics = new Topics(TopicsConfig.from(settings), serdes);
    try (Admin admin = Admin.create(cluster.broker().adminConfig())) {
      TopicProvisioner.provision(admin, topics);
    }
    try (var probe = new ClusterProbe(cluster.bootstrapServers(), topics);
        var producer =
            new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
      producer
          .send(
              new ProducerRecord<>(
                  topics.agentDefinitions().name(),
                  "acme/helper".getBytes(StandardCharsets.UTF_8),
                  topics
                      .agentDefinitions()
                      .valueSerde()
                      .serializer()
                      .serialize(topics.agentDefinitions().name(), Fixtures.agent("helper", 20))))
          .get();

      KafkaStreams first = start(topics, serdes, settings);
      send(producer, topics, Fixtures.create("tm-create", "t-timer", "helper"));
      Instant fireAt = Instant.now().plusSeconds(8);
      send(
          producer,
          topics,
          Fixtures.command(
              "tm-fx",
              "t-timer",
              new ScheduleEffect(
                  "fx-restart",
                  fireAt,
                  new QueueMessage(Fixtures.userMessage("after the restart")))));
      probe.awaitEvent(
          "t-timer", e -> e.getPayload() instanceof dev.threadline.avro.EffectScheduled);
      first.close(
          CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
              .withTimeout(Duration.ofSeconds(10)));

      KafkaStreams second = start(topics, serdes, settings);
      try {
        probe.awaitEvent("t-timer", e -> e.getPayload() instanceof EffectFired);
        Thread.sleep(3_000); // long enough for a second firing, if there were one
        assertThat(probe.events("t-timer"))
            .filteredOn(e -> e.getPayload() instanceof EffectFired)
            .hasSize(1);
        assertThat(probe.events("t-timer"))
            .filteredOn(
                e -> e.getPayload() instanceof TurnStarted t && t.getTrigger().equals("effect"))
            .hasSize(1);
        assertThat(
                probe.events("t-timer").stream()
                    .filter(e -> e.getPayload() instanceof EffectFired)
                    .findFirst()
                    .orElseThrow()
                    .getTimestamp())
            .isAfterOrEqualTo(fireAt);
      } finally {
        second.close(Duration.ofSeconds(10));
      }
    }
  }

  private static KafkaStreams start(
      Topics topics, SerdeFactory serdes, Map<String, String> settings) {
    KafkaStreams streams =
        new KafkaStreams(
            StepTopology.build(topics, serdes, StepSettings.from(settings)),
            StepProcessorApp.streamsConfig(settings, topics));
    streams.start();
    ClusterProbe.await(
        () -> streams.state() == KafkaStreams.State.RUNNING ? true : null,
        "the step processor to run");
    return streams;
  }

  private static void send(KafkaProducer<byte[], byte[]> producer, Topics topics, ThreadCommand c)
      throws Exception {
    producer
        .send(
            new ProducerRecord<>(
                topics.threadCommands().name(),
                c.getThreadId().getBytes(StandardCharsets.UTF_8),
                topics
                    .threadCommands()
                    .valueSerde()
                    .serializer()
                    .serialize(topics.threadCommands().name(), c)))
        .get();
  }
}
