package dev.threadline.step;

import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * Measures the values a transition stores before anything of it is written. Each store's writes
 * become records of its changelog topic, which the broker refuses over its limit — and under
 * exactly-once one refused record fails the whole transaction, the same input fails it again after
 * every restart, and every thread of the partition waits. So a value over {@code record.bytes}
 * makes the input one that cannot be carried out ({@link CannotCarryOut}): refused, nothing
 * written.
 *
 * <p>The size is the value's Avro binary encoding and the wire format's five header bytes, with its
 * key: what the broker counts, to the byte, without asking the schema registry.
 */
final class StoreRecordLimit {
  private static final int WIRE_HEADER_BYTES = 5;

  private final long maxBytes;
  private final Map<Class<?>, DatumWriter<SpecificRecord>> writers = new HashMap<>();
  private final Counter counter = new Counter();
  private BinaryEncoder encoder;

  StoreRecordLimit(Limits limits) {
    this.maxBytes = limits.recordBytes();
  }

  /**
   * @param what the store value, as a refusal names it ("the thread-state value")
   * @throws CannotCarryOut when the record would be over the limit
   */
  void check(String what, String key, SpecificRecord value) {
    String refusal = refusal(what + " this input would store", key, value);
    if (refusal != null) {
      throw new CannotCarryOut(refusal, null);
    }
  }

  /** Why {@code value} cannot be stored under {@code key} (naming the limit), or null. */
  String refusal(String what, String key, SpecificRecord value) {
    long size = Utf8.length(key) + WIRE_HEADER_BYTES + bytes(value);
    return size > maxBytes ? Limits.over(what, size, maxBytes, "record.bytes") : null;
  }

  private long bytes(SpecificRecord value) {
    DatumWriter<SpecificRecord> writer =
        writers.computeIfAbsent(
            value.getClass(), c -> new SpecificDatumWriter<>(value.getSchema()));
    counter.count = 0;
    encoder = EncoderFactory.get().binaryEncoder(counter, encoder);
    try {
      writer.write(value, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new IllegalStateException("counting bytes cannot fail", e);
    }
    return counter.count;
  }

  /** An output stream that only counts. */
  private static final class Counter extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}
