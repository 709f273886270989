package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The Testcontainers variant of the broker check: the official apache/kafka image in KRaft mode.
 * Skipped cleanly where no Docker engine runs (CI here has none; the in-JVM broker of {@link
 * ThreadlineClusterIT} covers the same ground there).
 */
@Testcontainers(disabledWithoutDocker = true)
class KafkaContainerIT {
  @Container private static final KafkaContainer kafka = new KafkaContainer("apache/kafka:4.1.0");

  @Test
  void shouldCommitATransactionOnTheContainerBroker() throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.getBootstrapServers()))) {
      admin
          .createTopics(List.of(new NewTopic("tc-tx", 1, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
    Map<String, Object> producerConfig =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            kafka.getBootstrapServers(),
            ProducerConfig.TRANSACTIONAL_ID_CONFIG,
            "tc-tx-1");
    try (var producer =
        new KafkaProducer<>(producerConfig, new StringSerializer(), new StringSerializer())) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>("tc-tx", "k", "committed"));
      producer.commitTransaction();
    }
    Map<String, Object> consumerConfig =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.getBootstrapServers(),
            ConsumerConfig.GROUP_ID_CONFIG, "tc-reader",
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
            ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    try (var consumer =
        new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of("tc-tx"));
      List<String> values = new java.util.ArrayList<>();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (values.isEmpty() && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
          values.add(r.value());
        }
      }
      assertThat(values).containsExactly("committed");
    }
  }
}
