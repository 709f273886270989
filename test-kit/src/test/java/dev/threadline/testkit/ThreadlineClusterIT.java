package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class ThreadlineClusterIT {
  private final ThreadlineCluster cluster = ThreadlineCluster.shared();

  @Test
  void shouldCommitATransactionOnTheSingleNodeBroker() throws Exception {
    try (Admin admin = Admin.create(cluster.broker().adminConfig())) {
      admin
          .createTopics(List.of(new NewTopic("kit-tx", 1, (short) 1)))
          .all()
          .get(20, TimeUnit.SECONDS);
    }
    Map<String, Object> producerConfig =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            cluster.bootstrapServers(),
            ProducerConfig.TRANSACTIONAL_ID_CONFIG,
            "kit-tx-1");
    try (var producer =
        new KafkaProducer<>(producerConfig, new StringSerializer(), new StringSerializer())) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>("kit-tx", "k", "committed"));
      producer.commitTransaction();
    }
    try (var consumer =
        cluster.committedReader("kit-reader", new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of("kit-tx"));
      ConsumerRecords<String, String> records = ConsumerRecords.empty();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (records.isEmpty() && System.nanoTime() < deadline) {
        records = consumer.poll(Duration.ofMillis(500));
      }
      assertThat(records.records("kit-tx")).extracting(r -> r.value()).containsExactly("committed");
    }
  }

  @Test
  void shouldServeTheConfluentCompatibleRegistryApi() throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(cluster.registryUrl() + "/subjects")).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).startsWith("[");
  }
}
