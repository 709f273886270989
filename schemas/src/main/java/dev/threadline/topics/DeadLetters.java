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
