package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.SealedPayload;
import dev.threadline.avro.ThreadDataKey;
import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Crypto-shredding on {@code ./threadline up}'s stack, read straight from the broker after the
 * tenant was erased: every event of a thread's log went on the topic sealed (the demo's words are
 * in no record of {@code thread-events}), the erased threads' data keys are tombstoned, and a
 * reader holding the stack's events key opens none of their sealed events any more. Everything the
 * acceptances before read through the projector was opened from these same sealed records.
 */
record ShreddingAcceptance(String bootstrap, String registryUrl, Path data) {
  private static final String DEMO_WORDS = "remember to greet me";

  void run() throws Exception {
    Topics topics =
        new Topics(
            TopicsConfig.defaults(), new SerdeFactory(Map.of("schema.registry.url", registryUrl)));
    List<ConsumerRecord<String, byte[]>> log = readAll(topics.threadEvents().name());
    assertThat(log).as("thread-events records").hasSizeGreaterThan(100);
    assertThat(log)
        .as("records of thread-events that hold the demo's words in the clear")
        .noneMatch(r -> new String(r.value(), StandardCharsets.UTF_8).contains(DEMO_WORDS));

    Map<String, ThreadDataKey> latestKeys = new HashMap<>();
    var keyReader = topics.threadDataKeys().valueSerde().deserializer();
    for (var r : readAll(topics.threadDataKeys().name())) {
      latestKeys.put(r.key(), keyReader.deserialize(r.topic(), r.value()));
    }
    // The erased tenant's threads; another tenant's (the partition attack's) keep their keys.
    Set<String> shredded = new HashSet<>();
    latestKeys.forEach(
        (thread, key) -> {
          if (key == null) {
            shredded.add(thread);
          }
        });
    assertThat(shredded).as("threads whose data key was tombstoned").isNotEmpty();

    String eventsKey = Files.readString(data.resolve("events-key")).trim();
    int sealed = 0;
    try (StackEvents events = StackEvents.open(bootstrap, topics, eventsKey)) {
      for (var r : log) {
        if (!shredded.contains(r.key())) {
          continue;
        }
        ThreadEvent e = events.deserializer().deserialize(r.topic(), r.value());
        if (e.getSeq() > 0 && !(e.getPayload() instanceof ThreadDeleted)) {
          assertThat(e.getPayload())
              .as("event %d of %s, its key shredded", e.getSeq(), e.getThreadId())
              .isInstanceOf(SealedPayload.class);
          sealed++;
        }
      }
    }
    assertThat(sealed).isPositive();
    assertChangelogsCompactWithinTheHour();
  }

  /** A deleted thread's messages and values leave the changelogs' disks within the hour too. */
  private void assertChangelogsCompactWithinTheHour() throws Exception {
    try (Admin admin =
        Admin.create(
            Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      for (String changelog :
          List.of(
              "threadline-step-processor-thread-messages-changelog",
              "threadline-step-processor-thread-kv-changelog",
              "threadline-step-processor-thread-data-keys-changelog",
              "threadline-projector-thread-values-changelog")) {
        ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, changelog);
        Config config = admin.describeConfigs(List.of(topic)).all().get().get(topic);
        assertThat(config.get("segment.ms").value()).as(changelog).isEqualTo("3600000");
        assertThat(config.get("max.compaction.lag.ms").value()).as(changelog).isEqualTo("3600000");
      }
    }
  }

  private List<ConsumerRecord<String, byte[]>> readAll(String topic) {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    try (var consumer =
        new KafkaConsumer<>(
            Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"),
            new StringDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))
          && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }
}
