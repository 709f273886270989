package dev.threadline.ingest;

import dev.threadline.avro.ThreadCommand;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads back what the ingest wrote, from the shared real broker. */
final class CommandTopic {
  private CommandTopic() {}

  /** Every command of a thread on thread-commands, in order. */
  static List<ThreadCommand> commands(Topics topics, String threadId, int atLeast) {
    List<ThreadCommand> found = new ArrayList<>();
    var deserializer = topics.threadCommands().valueSerde().deserializer();
    for (ConsumerRecord<byte[], byte[]> r :
        readAll(
            topics.threadCommands().name(),
            atLeast,
            rec -> new String(rec.key(), StandardCharsets.UTF_8).equals(threadId))) {
      found.add(deserializer.deserialize(r.topic(), r.value()));
    }
    return found;
  }

  static List<ConsumerRecord<byte[], byte[]>> readAll(
      String topic,
      int atLeast,
      java.util.function.Predicate<ConsumerRecord<byte[], byte[]>> filter) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, ThreadlineCluster.shared().bootstrapServers());
    List<ConsumerRecord<byte[], byte[]>> matches = new ArrayList<>();
    try (var consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
      while (System.nanoTime() < deadline) {
        consumer
            .poll(Duration.ofMillis(200))
            .forEach(
                r -> {
                  if (filter.test(r)) {
                    matches.add(r);
                  }
                });
        if (matches.size() >= atLeast
            && partitions.stream()
                .allMatch(
                    tp -> consumer.position(tp) >= consumer.endOffsets(List.of(tp)).get(tp))) {
          break;
        }
      }
    }
    return matches;
  }

  /** The last stored definition of agent {@code tenant/name} on the agent-definitions topic. */
  static dev.threadline.avro.AgentDefinition agent(Topics topics, String tenant, String name) {
    var records =
        readAll(
            topics.agentDefinitions().name(),
            1,
            r -> new String(r.key(), StandardCharsets.UTF_8).equals(tenant + "/" + name));
    return topics
        .agentDefinitions()
        .valueSerde()
        .deserializer()
        .deserialize(topics.agentDefinitions().name(), records.getLast().value());
  }
}
