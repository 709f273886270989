package dev.threadline.serde;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;

/**
 * Deterministic sample instances of any generated Avro class: sample {@code variant} takes branch
 * {@code variant % n} of every union, so {@link #variants} together cover each branch of the
 * payload unions. Values are built generically, encoded, then read into the generated class, which
 * also exercises its logical-type conversions.
 */
final class SampleRecords {
  private SampleRecords() {}

  static <T extends SpecificRecord> List<T> variants(Class<T> type) {
    Schema schema = SpecificData.get().getSchema(type);
    int count = Math.max(1, widestUnion(schema, new ArrayList<>()));
    List<T> samples = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      samples.add(sample(type, i));
    }
    return samples;
  }

  static <T extends SpecificRecord> T sample(Class<T> type, int variant) {
    Schema schema = SpecificData.get().getSchema(type);
    Object generic = value(schema, variant, 0);
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      new GenericDatumWriter<>(schema).write(generic, encoder);
      encoder.flush();
      SpecificData model = SpecificData.getForClass(type);
      return new SpecificDatumReader<T>(schema, schema, model)
          .read(null, DecoderFactory.get().binaryDecoder(out.toByteArray(), null));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int widestUnion(Schema schema, List<String> seen) {
    return switch (schema.getType()) {
      case RECORD -> {
        if (seen.contains(schema.getFullName())) {
          yield 0;
        }
        seen.add(schema.getFullName());
        yield schema.getFields().stream()
            .mapToInt(f -> widestUnion(f.schema(), seen))
            .max()
            .orElse(0);
      }
      case UNION ->
          Math.max(
              schema.getTypes().size(),
              schema.getTypes().stream().mapToInt(s -> widestUnion(s, seen)).max().orElse(0));
      case ARRAY -> widestUnion(schema.getElementType(), seen);
      case MAP -> widestUnion(schema.getValueType(), seen);
      default -> 0;
    };
  }

  private static Object value(Schema schema, int variant, int depth) {
    return switch (schema.getType()) {
      case RECORD -> {
        GenericData.Record record = new GenericData.Record(schema);
        for (Schema.Field field : schema.getFields()) {
          record.put(field.pos(), value(field.schema(), variant, depth + 1));
        }
        yield record;
      }
      case UNION -> {
        List<Schema> types = schema.getTypes();
        // Prefer a non-null branch for even variants so nested content gets exercised.
        Schema branch = types.get(variant % types.size());
        if (branch.getType() == Schema.Type.NULL && types.size() == 2 && variant % 4 == 0) {
          branch = types.get(1);
        }
        yield value(branch, variant, depth + 1);
      }
      case ENUM ->
          new GenericData.EnumSymbol(
              schema, schema.getEnumSymbols().get(variant % schema.getEnumSymbols().size()));
      case ARRAY -> {
        List<Object> items = new ArrayList<>();
        if (depth < 6) {
          items.add(value(schema.getElementType(), variant, depth + 1));
        }
        yield new GenericData.Array<>(schema, items);
      }
      case MAP -> {
        Map<String, Object> map = new HashMap<>();
        map.put("k" + variant, value(schema.getValueType(), variant, depth + 1));
        yield map;
      }
      case STRING -> "s" + variant + "-" + schema.hashCode() % 97 + " ünïcødé";
      case BYTES -> ByteBuffer.wrap(new byte[] {1, 2, (byte) variant});
      case INT -> 7 + variant;
      case LONG -> 1_763_779_200_000L + variant;
      case FLOAT -> 1.5f + variant;
      case DOUBLE -> 2.25 + variant;
      case BOOLEAN -> variant % 2 == 0;
      case NULL -> null;
      case FIXED -> new GenericData.Fixed(schema, new byte[schema.getFixedSize()]);
    };
  }
}
