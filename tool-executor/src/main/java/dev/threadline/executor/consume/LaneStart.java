package dev.threadline.executor.consume;

import java.util.Collection;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a lane starts reading a partition it is given, and what its offset commits say about what
 * it served. Most lanes start at their group's committed offset and say nothing more ({@link
 * #COMMITTED}); the two lanes that share the tool requests while speculation is on hand over to
 * each other when it is turned on or off ({@link ServedBelow}).
 */
public interface LaneStart {
  /** Called when the lane is given {@code partitions}, before it fetches them: it may seek. */
  void assigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions);

  /** The metadata a commit of {@code offset} on {@code partition} carries. */
  String metadata(TopicPartition partition, long offset);

  /** The group's committed offset, or the consumer's reset policy where there is none. */
  LaneStart COMMITTED =
      new LaneStart() {
        @Override
        public void assigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {}

        @Override
        public String metadata(TopicPartition partition, long offset) {
          return "";
        }
      };
}
