package dev.threadline.traces;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;

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
   * The attributes of a span that processes the record at {@code offset} of {@code topic}'s {@code
   * partition}, keyed {@code key}, for consumer group {@code group} (null: not named). A service
   * that handles every record in a span sets them only on a span that records: with no traces
   * exported, its hot path makes none of them.
   */
  public static Attributes processing(
      String topic, int partition, long offset, String key, String group) {
    AttributesBuilder attributes =
        Attributes.builder()
            .put(SYSTEM, "kafka")
            .put(OPERATION_TYPE, "process")
            .put(OPERATION_NAME, "process")
            .put(DESTINATION, topic)
            .put(PARTITION, String.valueOf(partition))
            .put(OFFSET, offset);
    if (key != null) {
      attributes.put(KEY, key);
    }
    if (group != null) {
      attributes.put(GROUP, group);
    }
    return attributes.build();
  }

  /** The attributes of a span that sends a record keyed {@code key} to {@code topic}. */
  public static Attributes sending(String topic, String key) {
    return Attributes.builder()
        .put(SYSTEM, "kafka")
        .put(OPERATION_TYPE, "send")
        .put(OPERATION_NAME, "send")
        .put(DESTINATION, topic)
        .put(KEY, key)
        .build();
  }
}
