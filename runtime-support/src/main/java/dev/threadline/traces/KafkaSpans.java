package dev.threadline.traces;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanBuilder;

/**
 * OpenTelemetry's messaging attributes of a span that sends a Kafka record or processes one ({@code
 * messaging.system}, {@code messaging.operation.*}, {@code messaging.destination.*}, {@code
 * messaging.kafka.*}, {@code messaging.consumer.group.name}), so a tracing backend places each
 * service's span on its topic, partition and offset as it does for any Kafka client's.
 */
public final class KafkaSpans {
  public static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("messaging.system");
  public static final AttributeKey<String> OPERATION_TYPE =
      AttributeKey.stringKey("messaging.operation.type");
  public static final AttributeKey<String> OPERATION_NAME =
      AttributeKey.stringKey("messaging.operation.name");
  public static final AttributeKey<String> DESTINATION =
      AttributeKey.stringKey("messaging.destination.name");
  public static final AttributeKey<String> PARTITION =
      AttributeKey.stringKey("messaging.destination.partition.id");
  public static final AttributeKey<Long> OFFSET = AttributeKey.longKey("messaging.kafka.offset");
  public static final AttributeKey<String> KEY =
      AttributeKey.stringKey("messaging.kafka.message.key");
  public static final AttributeKey<String> GROUP =
      AttributeKey.stringKey("messaging.consumer.group.name");

  private KafkaSpans() {}

  /**
   * {@code span} processes the record at {@code offset} of {@code topic}'s {@code partition}, keyed
   * {@code key}, for consumer group {@code group} (null: not named).
   */
  public static SpanBuilder processing(
      SpanBuilder span, String topic, int partition, long offset, String key, String group) {
    span.setAttribute(SYSTEM, "kafka")
        .setAttribute(OPERATION_TYPE, "process")
        .setAttribute(OPERATION_NAME, "process")
        .setAttribute(DESTINATION, topic)
        .setAttribute(PARTITION, String.valueOf(partition))
        .setAttribute(OFFSET, offset);
    if (key != null) {
      span.setAttribute(KEY, key);
    }
    if (group != null) {
      span.setAttribute(GROUP, group);
    }
    return span;
  }

  /** {@code span} sends a record keyed {@code key} to {@code topic}. */
  public static SpanBuilder sending(SpanBuilder span, String topic, String key) {
    return span.setAttribute(SYSTEM, "kafka")
        .setAttribute(OPERATION_TYPE, "send")
        .setAttribute(OPERATION_NAME, "send")
        .setAttribute(DESTINATION, topic)
        .setAttribute(KEY, key);
  }
}
