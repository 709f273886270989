package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ToolResult;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.SerdeFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Confluent-wire-format serde against a real broker and a real schema registry. */
class AvroSerdeIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<Class<? extends SpecificRecord>> everyType() {
    return PublicSchemas.all().stream();
  }

  @ParameterizedTest
  @MethodSource("everyType")
  <T extends SpecificRecord> void shouldRoundTripEveryVariantAndATombstoneThroughTheBroker(
      Class<T> type) throws Exception {
    String topic = createTopic("serde-roundtrip-" + type.getSimpleName());
    Serde<T> serde = new SerdeFactory(cluster.clientConfig()).valueSerde(type);
    List<T> samples = SampleRecords.variants(type);
    List<T> sent = new ArrayList<>(samples);
    sent.add(null); // tombstone

    produce(topic, serde.serializer(), sent);
    List<ConsumerRecord<String, T>> received = consume(topic, serde.deserializer(), sent.size());

    assertThat(received).hasSize(sent.size());
    for (int i = 0; i < samples.size(); i++) {
      assertThat(received.get(i).value()).isInstanceOf(type);
      assertThat(received.get(i).value().toString()).isEqualTo(samples.get(i).toString());
    }
    assertThat(received.getLast().value()).isNull();
  }

  @Test
  void shouldWriteMagicByteZeroAndTheRegistrysIdForTheSubject() throws Exception {
    String topic = createTopic("serde-wire-format");
    Serde<ToolResult> serde = new SerdeFactory(cluster.clientConfig()).valueSerde(ToolResult.class);
    produce(topic, serde.serializer(), List.of(SampleRecords.sample(ToolResult.class, 0)));

    byte[] raw = consume(topic, new ByteArrayDeserializer(), 1).getFirst().value();

    assertThat(raw[0]).isEqualTo((byte) 0);
    int id = ByteBuffer.wrap(raw, 1, 4).getInt();
    var latest = registryGet("/subjects/" + topic + "-value/versions/latest");
    assertThat(id).isEqualTo(latest.path("id").asInt());
  }

  @Test
  void shouldReadARecordWrittenWithAnOlderSchemaThroughTheNewerClass() throws Exception {
    String topic = createTopic("serde-evolution");
    Schema older = SchemaHistoryTest.resourceSchema("/evolution/ToolResult-older.avsc");
    GenericRecord old = new GenericData.Record(older);
    old.put("requestId", "req-1");
    old.put("threadId", "t-1");
    old.put("epoch", 3L);
    old.put("callId", "call-1");
    old.put("toolName", "echo");
    old.put("completedAt", 1_763_779_200_000L);
    old.put("output", "{\"n\":1}");
    AvroSerializer<GenericRecord> oldWriter = new AvroSerializer<>();
    oldWriter.configure(cluster.clientConfig(), false);
    produce(topic, oldWriter, List.of(old));

    Serde<ToolResult> serde = new SerdeFactory(cluster.clientConfig()).valueSerde(ToolResult.class);
    ToolResult read = consume(topic, serde.deserializer(), 1).getFirst().value();

    assertThat(read.getRequestId()).isEqualTo("req-1");
    assertThat(read.getEpoch()).isEqualTo(3L);
    assertThat(read.getCompletedAt()).isEqualTo(Instant.ofEpochMilli(1_763_779_200_000L));
    assertThat(read.getOutput()).isEqualTo("{\"n\":1}");
    assertThat(read.getDurationMs()).isZero(); // default of the field added later
    assertThat(read.getError()).isNull();
  }

  @Test
  void shouldRejectGarbageBytesWithAClearError() {
    Deserializer<ToolResult> deserializer = toolResultDeserializer();
    int id = registerToolResult();
    byte[] garbage =
        ByteBuffer.allocate(10)
            .put((byte) 0)
            .putInt(id)
            .put(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f})
            .array();

    assertThatThrownBy(() -> deserializer.deserialize("serde-bad", garbage))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("serde-bad");
    assertThatThrownBy(() -> deserializer.deserialize("serde-bad", new byte[] {0, 1}))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("too short");
  }

  @Test
  void shouldRejectAnUnknownMagicByte() {
    byte[] json = "{\"requestId\":\"r\"}".getBytes();
    assertThatThrownBy(() -> toolResultDeserializer().deserialize("serde-bad", json))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("Unknown magic byte 0x7b");
  }

  @Test
  void shouldRejectAnUnknownSchemaId() {
    byte[] unknownId = {0, 0x7f, 0x12, 0x34, 0x56, 2, 'x'};
    assertThatThrownBy(() -> toolResultDeserializer().deserialize("serde-bad", unknownId))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("Unknown schema id " + 0x7f123456)
        .hasMessageContaining(cluster.registryUrl());
  }

  @Test
  void shouldNameTheSubjectAndUrlWhenTheRegistryRefusesASchema() throws Exception {
    String subject = "serde-incompatible-value";
    Schema v1 = SchemaHistoryTest.resourceSchema("/evolution/ToolResult-older.avsc");
    var client = new RestSchemaRegistryClient(cluster.registryUrl());
    client.register(subject, v1);
    // Changing a field's type from string to long is not BACKWARD compatible.
    Schema changed =
        new Schema.Parser()
            .parse(
                v1.toString()
                    .replace(
                        "{\"name\":\"callId\",\"type\":\"string\"}",
                        "{\"name\":\"callId\",\"type\":\"long\"}"));

    assertThatThrownBy(
            () -> new RestSchemaRegistryClient(cluster.registryUrl()).register(subject, changed))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessageContaining(subject)
        .hasMessageContaining(cluster.registryUrl())
        .hasMessageContaining("409");
  }

  @Test
  void shouldRejectAnUnregisteredSchemaWhenAutoRegisterIsOff() {
    Map<String, Object> config = new HashMap<>(cluster.clientConfig());
    config.put("auto.register.schemas", false);
    AvroSerializer<ToolResult> serializer = new AvroSerializer<>();
    serializer.configure(config, false);
    ToolResult sample = SampleRecords.sample(ToolResult.class, 0);

    assertThatThrownBy(() -> serializer.serialize("serde-never-registered", sample))
        .isInstanceOf(SchemaRegistryException.class)
        .hasMessageContaining("serde-never-registered-value")
        .hasMessageContaining("404");
  }

  @Test
  void shouldUseRecordNameStrategyWhenConfigured() throws Exception {
    Map<String, Object> config = new HashMap<>(cluster.clientConfig());
    config.put(
        "value.subject.name.strategy", "io.confluent.kafka.serializers.subject.RecordNameStrategy");
    AvroSerializer<ToolResult> serializer = new AvroSerializer<>();
    serializer.configure(config, false);
    serializer.serialize("serde-record-name", SampleRecords.sample(ToolResult.class, 1));

    var latest = registryGet("/subjects/dev.threadline.avro.ToolResult/versions/latest");
    assertThat(latest.path("id").asInt()).isPositive();
  }

  private static int registerToolResult() {
    return new RestSchemaRegistryClient(cluster.registryUrl())
        .register("serde-bad-value", ToolResult.getClassSchema());
  }

  private static Deserializer<ToolResult> toolResultDeserializer() {
    return new SerdeFactory(cluster.clientConfig()).valueSerde(ToolResult.class).deserializer();
  }

  private static com.fasterxml.jackson.databind.JsonNode registryGet(String path) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(cluster.registryUrl() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static String createTopic(String name) throws Exception {
    cluster.withAdmin(
        admin ->
            admin
                .createTopics(List.of(new NewTopic(name, 1, (short) 1)))
                .all()
                .get(30, TimeUnit.SECONDS));
    return name;
  }

  private static <T> void produce(String topic, Serializer<T> serializer, List<T> values) {
    Map<String, Object> config =
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
    try (var producer = new KafkaProducer<>(config, new StringSerializer(), serializer)) {
      for (T value : values) {
        producer.send(new ProducerRecord<>(topic, "thread-1", value));
      }
      producer.flush();
    }
  }

  private static <T> List<ConsumerRecord<String, T>> consume(
      String topic, Deserializer<T> deserializer, int count) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            cluster.bootstrapServers(),
            ConsumerConfig.GROUP_ID_CONFIG,
            "serde-it-" + topic,
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest");
    List<ConsumerRecord<String, T>> records = new ArrayList<>();
    try (var consumer = new KafkaConsumer<>(config, new StringDeserializer(), deserializer)) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (records.size() < count && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }
}
