package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

/**
 * Records nobody can read, on a real broker and registry: garbage and an unknown schema id on the
 * compacted agent-definitions topic are skipped and reported, and the step processor runs — also
 * after a restart that reads the topic again from its start.
 */
class PoisonInputsIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  @Test
  void poisonOnTheAgentDefinitionsTopicIsSkippedAndReportedAtEveryStart() throws Exception {
    StepApp app = new StepApp("poison-agents-it", 2, Map.of());
    Topics topics = app.topics;
    try (var probe = new ClusterProbe(cluster.bootstrapServers(), topics);
        var producer = RawProducer.to(cluster.bootstrapServers())) {
      String agents = topics.agentDefinitions().name();
      producer.send(record(agents, "acme/garbage", "not avro at all".getBytes())).get();
      producer.send(record(agents, "acme/ghost", unknownSchemaId())).get();
      producer
          .send(
              record(
                  agents,
                  "acme/helper",
                  topics.agentDefinitions().serialize(Fixtures.agent("helper", 20))))
          .get();

      KafkaStreams first = app.start();
      try {
        RawProducer.command(producer, topics, Fixtures.create("pa-create", "t-poison", "helper"));
        RawProducer.command(producer, topics, Fixtures.message("pa-msg", "t-poison", "hello"));
        probe.awaitModelRequest(r -> r.getThreadId().equals("t-poison"));
        ClusterProbe.await(
            () -> probe.deadLetters.size() >= 2 ? true : null, "both poison records reported");
      } finally {
        stop(first);
      }

      // A compacted topic keeps its poison: a new instance reads it again from the start.
      app.settings.put(
          "threadline.step.state.dir", ScratchDirs.create("poison-agents-it-again-").toString());
      KafkaStreams second = app.start();
      try {
        RawProducer.command(
            producer, topics, Fixtures.create("pa-create-2", "t-poison-2", "helper"));
        RawProducer.command(
            producer, topics, Fixtures.message("pa-msg-2", "t-poison-2", "hello again"));
        probe.awaitModelRequest(r -> r.getThreadId().equals("t-poison-2"));
      } finally {
        stop(second);
      }
      assertThat(probe.deadLetters)
          .allSatisfy(
              r ->
                  assertThat(new String(r.headers().lastHeader("threadline.dlq.topic").value()))
                      .isEqualTo(agents));
    }
  }

  private static void stop(KafkaStreams streams) {
    streams.close(
        CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
            .withTimeout(Duration.ofSeconds(10)));
  }

  /** The Confluent wire format with a schema id no registry has. */
  private static byte[] unknownSchemaId() {
    return ByteBuffer.allocate(9).put((byte) 0).putInt(987_654_321).putInt(42).array();
  }

  private static ProducerRecord<byte[], byte[]> record(String topic, String key, byte[] value) {
    return new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value);
  }
}
