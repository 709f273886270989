package dev.threadline.step;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/** The Avro binary body of a record: what goes on the wire after the 5-byte Confluent header. */
final class AvroBytes {
  private AvroBytes() {}

  static byte[] of(SpecificRecord record) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream(256);
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      DatumWriter<SpecificRecord> writer = new SpecificDatumWriter<>(record.getSchema());
      writer.write(record, encoder);
      encoder.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
