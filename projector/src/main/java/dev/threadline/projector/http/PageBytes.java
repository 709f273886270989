package dev.threadline.projector.http;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.Map;
import org.apache.avro.generic.IndexedRecord;

/**
 * How many bytes one page of a thread's log may hold, and what an event weighs: the characters of
 * its strings and the bytes of its binaries, field by field (an Avro value read from a store), the
 * rest a few bytes each. A page of 1,000 messages of the largest a thread may hold (256 KiB each)
 * would be a quarter of a gigabyte in memory and on the wire; a page stops at {@link #MAX} instead
 * — after at least one item, so a read always moves on — and its {@code lastSeq} says where the
 * next one starts.
 */
final class PageBytes {
  /** The most one page holds: 4 MiB of its items' text. */
  static final long MAX = 4L << 20;

  private PageBytes() {}

  /** What {@code value} weighs, about: its strings' characters and binaries' bytes, recursively. */
  static long of(Object value) {
    return switch (value) {
      case null -> 1;
      case CharSequence text -> text.length();
      case ByteBuffer bytes -> bytes.remaining();
      case byte[] bytes -> bytes.length;
      case IndexedRecord record -> {
        long sum = 0;
        for (int i = 0; i < record.getSchema().getFields().size(); i++) {
          sum += of(record.get(i));
        }
        yield sum;
      }
      case Collection<?> items -> {
        long sum = 0;
        for (Object item : items) {
          sum += of(item);
        }
        yield sum;
      }
      case Map<?, ?> entries -> {
        long sum = 0;
        for (Map.Entry<?, ?> e : entries.entrySet()) {
          sum += of(e.getKey()) + of(e.getValue());
        }
        yield sum;
      }
      default -> 8;
    };
  }
}
