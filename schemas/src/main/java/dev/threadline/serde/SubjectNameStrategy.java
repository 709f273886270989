package dev.threadline.serde;

import java.util.Locale;
import org.apache.avro.Schema;

/**
 * How a subject name is derived, with Confluent's semantics. Configured by Confluent's own keys
 * ({@code key.subject.name.strategy}, {@code value.subject.name.strategy}), accepting Confluent's
 * class names ({@code io.confluent.kafka.serializers.subject.TopicNameStrategy}) or the simple
 * names.
 */
public enum SubjectNameStrategy {
  /** {@code <topic>-key} / {@code <topic>-value}: one schema lineage per topic (the default). */
  TOPIC_NAME {
    @Override
    public String subject(String topic, boolean isKey, Schema schema) {
      return topic + (isKey ? "-key" : "-value");
    }
  },
  /** The record's full name: one lineage per record type, shared across topics. */
  RECORD_NAME {
    @Override
    public String subject(String topic, boolean isKey, Schema schema) {
      return schema.getFullName();
    }
  },
  /** {@code <topic>-<record full name>}. */
  TOPIC_RECORD_NAME {
    @Override
    public String subject(String topic, boolean isKey, Schema schema) {
      return topic + "-" + schema.getFullName();
    }
  };

  public abstract String subject(String topic, boolean isKey, Schema schema);

  /** Parses a Confluent class name or a simple name; unknown names are a configuration error. */
  public static SubjectNameStrategy parse(String configured) {
    if (configured == null || configured.isBlank()) {
      return TOPIC_NAME;
    }
    String simple = configured.substring(configured.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    return switch (simple) {
      case "topicnamestrategy", "topic_name" -> TOPIC_NAME;
      case "recordnamestrategy", "record_name" -> RECORD_NAME;
      case "topicrecordnamestrategy", "topic_record_name" -> TOPIC_RECORD_NAME;
      default ->
          throw new IllegalArgumentException(
              "Unknown subject name strategy '"
                  + configured
                  + "'; use TopicNameStrategy, RecordNameStrategy or TopicRecordNameStrategy");
    };
  }
}
