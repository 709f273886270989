package dev.threadline.serde;

import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * The serializer's output buffers and encoders (a buffered encoder writing into an unsynchronized
 * array, instead of a direct encoder writing byte by byte into a {@code ByteArrayOutputStream}),
 * shared by all threads: kept per thread they were allocated anew for every record written on a
 * virtual thread, which lives for one request (the executor's publishing). A buffer is used by one
 * record at a time; at most {@link #KEPT} idle ones are kept, more are let go. The one given back
 * last is taken first, so a few buffers stay in use and warm however many once were.
 */
final class EncodeBuffers {
  static final int KEPT = 16;

  private final ArrayDeque<Buffer> idle = new ArrayDeque<>(KEPT);

  /** The idle buffer given back last, or a new one. */
  Buffer take() {
    Buffer buffer;
    synchronized (idle) {
      buffer = idle.pollFirst();
    }
    return buffer != null ? buffer : new Buffer();
  }

  /** {@code buffer}, whose record was written whole, is free for the next. */
  void give(Buffer buffer) {
    synchronized (idle) {
      if (idle.size() < KEPT) {
        idle.addFirst(buffer);
      }
    }
  }

  static final class Buffer {
    final WireBuffer out = new WireBuffer();
    final BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
  }

  /** A growable byte array that starts each record with the wire-format header. */
  static final class WireBuffer extends OutputStream {
    /**
     * Larger buffers are let go after use, so one huge record does not pin memory; model requests
     * of long threads (~100 KB at 1,000 steps) keep theirs instead of regrowing it every time.
     */
    private static final int RETAINED = 1024 * 1024;

    private byte[] bytes = new byte[1024];
    private int count;

    void reset(int schemaId) {
      if (bytes.length > RETAINED) {
        bytes = new byte[1024];
      }
      bytes[0] = WireFormat.MAGIC_BYTE;
      bytes[1] = (byte) (schemaId >>> 24);
      bytes[2] = (byte) (schemaId >>> 16);
      bytes[3] = (byte) (schemaId >>> 8);
      bytes[4] = (byte) schemaId;
      count = WireFormat.HEADER_SIZE;
    }

    @Override
    public void write(int b) {
      ensure(1);
      bytes[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      ensure(len);
      System.arraycopy(b, off, bytes, count, len);
      count += len;
    }

    private void ensure(int more) {
      if (count + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, count + more));
      }
    }

    byte[] toByteArray() {
      return Arrays.copyOf(bytes, count);
    }
  }
}
