package dev.threadline.topics;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * The headers every dead letter carries, whoever writes it: why ({@code threadline.dlq.reason}),
 * who ({@code .stage}) and where the original record was ({@code .topic}, {@code .partition},
 * {@code .offset}). The value and key are the original bytes.
 */
public final class DeadLetters {
  private DeadLetters() {}

  /** The header of a dead letter that carries only the first bytes of its value. */
  public static final String TRUNCATED = "threadline.dlq.truncated";

  /**
   * The value a dead letter can carry within {@code maxBytes} ({@code threadline.limits
   * .record.bytes}): the original bytes — or, when those, the key and the headers would be more (an
   * input near its topic's limit, copied with headers, is), their first bytes, and a {@link
   * #TRUNCATED} header with the original's length. A dead letter the producer refuses would fail
   * the transaction that writes it on every replay; the original stays in its own topic.
   */
  public static byte[] fitted(byte[] key, byte[] value, Headers headers, long maxBytes) {
    if (value == null) {
      return null;
    }
    long around = key == null ? 0 : key.length;
    for (var h : headers) {
      around += h.key().length() + (h.value() == null ? 0 : h.value().length);
    }
    long room = maxBytes - around - 64; // the truncation header itself
    if (value.length + around <= maxBytes) {
      return value;
    }
    headers.add(TRUNCATED, String.valueOf(value.length).getBytes(StandardCharsets.UTF_8));
    return java.util.Arrays.copyOf(value, (int) Math.max(0, room));
  }

  public static Headers headers(
      Headers original, String reason, String stage, String topic, int partition, long offset) {
    RecordHeaders headers =
        new RecordHeaders(
            original == null ? new org.apache.kafka.common.header.Header[0] : original.toArray());
    headers.add("threadline.dlq.reason", reason.getBytes(StandardCharsets.UTF_8));
    headers.add("threadline.dlq.stage", stage.getBytes(StandardCharsets.UTF_8));
    if (topic != null) {
      headers.add("threadline.dlq.topic", topic.getBytes(StandardCharsets.UTF_8));
      headers.add(
          "threadline.dlq.partition", String.valueOf(partition).getBytes(StandardCharsets.UTF_8));
      headers.add("threadline.dlq.offset", String.valueOf(offset).getBytes(StandardCharsets.UTF_8));
    }
    return headers;
  }
}
