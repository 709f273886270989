package dev.threadline.step;

import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.mapping.ValueMapping;
import dev.threadline.topics.TopicDescriptor;
import dev.threadline.topics.Topics;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The topics the step processor writes, by sink: each record is serialized here, before it is
 * handed to Kafka, and measured. Under exactly-once a record the producer refuses as too large
 * fails the whole transaction, and the same input fails it again after every restart — the
 * partition stops (measured: a production exception handler that resumes does not help; the
 * transaction is already doomed). So nothing over {@code threadline.limits.record.bytes} is ever
 * handed over.
 */
final class OutputTopics {
  /** A record ready to forward: its sink, key and serialized value. */
  record Serialized(String sink, String key, byte[] value) {}

  private final Map<String, Topic> bySink = new HashMap<>();
  private final long maxBytes;

  private record Topic(String name, Serializer<Object> serializer) {}

  OutputTopics(Topics topics, Limits limits) {
    this.maxBytes = limits.recordBytes();
    add(Routes.EVENTS_SINK, topics.threadEvents());
    for (Lane lane : Lane.values()) {
      add(Routes.modelRequestsSink(lane), topics.modelRequests(ValueMapping.lane(lane)));
      add(Routes.toolRequestsSink(lane), topics.toolRequests(ValueMapping.lane(lane)));
    }
    add(Routes.COMMANDS_SINK, topics.threadCommands());
    add(Routes.DATA_KEYS_SINK, topics.threadDataKeys());
  }

  @SuppressWarnings("unchecked")
  private void add(String sink, TopicDescriptor<String, ?> topic) {
    bySink.put(sink, new Topic(topic.name(), (Serializer<Object>) topic.valueSerde().serializer()));
  }

  /**
   * {@code value} serialized for {@code sink}'s topic; a null value stays null (a tombstone).
   *
   * @throws CannotCarryOut when the record would be over the limit
   */
  Serialized serialize(String sink, String key, Object value) {
    Topic topic = bySink.get(sink);
    byte[] bytes = value == null ? null : topic.serializer().serialize(topic.name(), value);
    long size = Utf8.length(key) + (bytes == null ? 0 : bytes.length);
    if (size > maxBytes) {
      throw new CannotCarryOut(
          Limits.over(
              "the " + topic.name() + " record this input would write",
              size,
              maxBytes,
              "record.bytes"),
          null);
    }
    return new Serialized(sink, key, bytes);
  }
}
