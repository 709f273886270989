package dev.threadline.executor.consume;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hand-over between the two lanes that read the tool requests while speculation is on: the
 * committed lane (the executor group, serving tools with side effects, or every tool with
 * speculation off) and the side-effect-free lane (a second group, serving tools free of them, and
 * the model requests). Turning speculation on or off restarts the executor with the other setting,
 * and the second group's tool offsets are then those of the last time it was on, or none. Started
 * there, or at the topic's start, it would read again every request served meanwhile, run its tool
 * again (after a restart nothing remembers the answer) and send each thread a result it no longer
 * waits for.
 *
 * <p>So the committed lane's commits carry {@value #KEY}N: every request below N on that partition
 * was served. With speculation off it serves them all, and N is the offset it commits; with it on,
 * N goes on unchanged from where the lane started (0 if from nowhere). The side-effect-free lane
 * starts at the later of its own group's offset and N. A commit without that metadata (an executor
 * older than it, which served every request in the one lane it had) counts as N = its offset: so
 * also the model requests, which executors before the side-effect-free group read in the executor
 * group, start there after what those served.
 */
public final class ServedBelow {
  private static final Logger log = LoggerFactory.getLogger(ServedBelow.class);

  static final String KEY = "served-all-below=";

  private ServedBelow() {}

  /**
   * The committed lane's: it serves every request ({@code servesAll}, speculation off) or only
   * those of tools with side effects, and says so in its commits.
   */
  public static LaneStart committedLane(boolean servesAll) {
    Map<TopicPartition, Long> carried = new ConcurrentHashMap<>();
    return new LaneStart() {
      @Override
      public void assigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (servesAll) {
          return;
        }
        consumer
            .committed(Set.copyOf(partitions))
            .forEach(
                (tp, committed) -> {
                  Long below = allServedBelow(committed);
                  if (below != null) {
                    carried.put(tp, below);
                  }
                });
      }

      @Override
      public String metadata(TopicPartition partition, long offset) {
        // With nothing to carry on (the partition's first commit), it claims nothing: 0.
        return KEY + (servesAll ? offset : carried.getOrDefault(partition, 0L));
      }
    };
  }

  /**
   * The side-effect-free lane's: it starts each partition at the later of its own group's offset
   * and what the committed lane's group ({@code committedLaneOffsets}) says was served.
   */
  public static LaneStart sideEffectFreeLane(
      Function<Collection<TopicPartition>, Map<TopicPartition, OffsetAndMetadata>>
          committedLaneOffsets) {
    return new LaneStart() {
      @Override
      public void assigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
          return;
        }
        Map<TopicPartition, OffsetAndMetadata> other;
        try {
          other = committedLaneOffsets.apply(partitions);
        } catch (RuntimeException e) {
          log.warn(
              "the side-effect-free consumer could not read what the executor group served ({});"
                  + " it starts at its own offsets",
              e.toString());
          return;
        }
        Map<TopicPartition, OffsetAndMetadata> own = consumer.committed(Set.copyOf(partitions));
        for (TopicPartition tp : partitions) {
          Long start = start(own.get(tp), other.get(tp));
          if (start != null) {
            consumer.seek(tp, start);
          }
        }
      }

      @Override
      public String metadata(TopicPartition partition, long offset) {
        return "";
      }
    };
  }

  /**
   * Where the side-effect-free lane starts, given its group's commit and the committed lane's: null
   * to start at its own (or by the reset policy when neither group committed).
   */
  static Long start(OffsetAndMetadata own, OffsetAndMetadata committedLane) {
    Long below = allServedBelow(committedLane);
    if (below == null || (own != null && own.offset() >= below)) {
      return null;
    }
    return below;
  }

  /** What a commit says was served below, or null if there was no commit. */
  static Long allServedBelow(OffsetAndMetadata committed) {
    if (committed == null) {
      return null;
    }
    String metadata = committed.metadata();
    if (metadata != null && metadata.startsWith(KEY)) {
      try {
        return Long.parseLong(metadata.substring(KEY.length()));
      } catch (NumberFormatException e) {
        return committed.offset();
      }
    }
    return committed.offset();
  }
}
