package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.Role;
import dev.threadline.avro.ThreadEvent;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The serializer's fast path (generated custom encoders, a reused buffered encoder per thread) must
 * write exactly the bytes Avro's reflective writer writes, for every record type and every branch
 * of its unions, and must not leak one record's bytes into the next.
 */
class AvroSerializerBytesTest {
  private final AvroSerializer<Object> serializer =
      new AvroSerializer<>(
          new InMemorySchemaRegistryClient(),
          Map.of(AvroSerdeConfig.SCHEMA_REGISTRY_URL, "mem://test"),
          false);

  static Stream<Class<? extends SpecificRecord>> types() {
    return PublicSchemas.all().stream();
  }

  @ParameterizedTest
  @MethodSource("types")
  void writesTheBytesOfAvrosReflectiveWriter(Class<? extends SpecificRecord> type)
      throws Exception {
    for (SpecificRecord sample : SampleRecords.variants(type)) {
      byte[] wire = serializer.serialize("t", sample);

      assertThat(wire[0]).isEqualTo(WireFormat.MAGIC_BYTE);
      assertThat(ByteBuffer.wrap(wire, 1, 4).getInt()).isPositive();
      assertThat(Arrays.copyOfRange(wire, WireFormat.HEADER_SIZE, wire.length))
          .as("payload of %s", sample)
          .isEqualTo(reflective(sample));
    }
  }

  @Test
  void aLargeRecordThenASmallOneLeavesNothingBehind() {
    ChatMessage large = message("x".repeat(200_000));
    ChatMessage small = message("hi");

    byte[] first = serializer.serialize("t", large);
    byte[] second = serializer.serialize("t", small);

    assertThat(first.length).isGreaterThan(200_000);
    assertThat(second.length).isLessThan(64);
    assertThat(second).isEqualTo(serializer.serialize("t", small));
  }

  @Test
  void genericRecordsAreWrittenToo() {
    GenericRecord generic = new GenericData.Record(ChatMessage.getClassSchema());
    ChatMessage specific = message("hello");
    specific.getSchema().getFields().forEach(f -> generic.put(f.pos(), specific.get(f.pos())));
    generic.put("role", new GenericData.EnumSymbol(Role.getClassSchema(), "USER"));

    assertThat(serializer.serialize("t", generic)).isEqualTo(serializer.serialize("t", specific));
  }

  @Test
  void aRecordThatDoesNotMatchItsSchemaFailsClearlyAndTheNextOneIsClean() throws Exception {
    ChatMessage broken = message("left behind?");
    broken.put("toolCalls", null); // required, found missing after the content is written

    assertThatThrownBy(() -> serializer.serialize("t", broken))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("Could not serialize dev.threadline.avro.ChatMessage for topic t");
    ChatMessage ok = message("after");
    byte[] wire = serializer.serialize("t", ok);
    assertThat(Arrays.copyOfRange(wire, WireFormat.HEADER_SIZE, wire.length))
        .isEqualTo(reflective(ok));
  }

  @Test
  void aMissingRequiredFieldIsNamedInTheError() {
    ThreadEvent event = SampleRecords.sample(ThreadEvent.class, 1);
    event.put("threadId", null);

    assertThatThrownBy(() -> serializer.serialize("t", event))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("Could not serialize dev.threadline.avro.ThreadEvent for topic t")
        .hasMessageContaining("ThreadEvent.threadId");
  }

  /**
   * The executor publishes from virtual threads, one per request: buffers kept per thread were
   * allocated anew for every record it wrote.
   */
  @Test
  void aRecordWrittenOnAVirtualThreadUsesTheBufferAnEarlierOneWroteIn() throws Exception {
    try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      EncodeBuffers.Buffer first = threads.submit(AvroSerializer.BUFFERS::take).get();
      AvroSerializer.BUFFERS.give(first);
      threads.submit(() -> serializer.serialize("t", message("reused"))).get();
      EncodeBuffers.Buffer after = threads.submit(AvroSerializer.BUFFERS::take).get();

      assertThat(after).isSameAs(first);
    }
  }

  private static ChatMessage message(String content) {
    return ChatMessage.newBuilder()
        .setRole(Role.USER)
        .setContent(content)
        .setToolCalls(List.of())
        .build();
  }

  private static byte[] reflective(SpecificRecord record) throws Exception {
    SpecificData model = new SpecificData(record.getClass().getClassLoader());
    SpecificData.getForClass(record.getClass())
        .getConversions()
        .forEach(model::addLogicalTypeConversion);
    model.setCustomCoders(false);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new SpecificDatumWriter<SpecificRecord>(record.getSchema(), model).write(record, encoder);
    encoder.flush();
    return out.toByteArray();
  }
}
