package dev.threadline.executor.consume;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Where the side-effect-free lane starts, from what the committed lane says it served. */
class ServedBelowTest {
  private static final TopicPartition TP = new TopicPartition("tool-requests", 0);

  @Test
  void theCommittedLaneServingEveryRequestSaysAllBelowItsOffsetWereServed() {
    assertThat(ServedBelow.committedLane(true).metadata(TP, 42)).isEqualTo(ServedBelow.KEY + "42");
  }

  @Test
  void theCommittedLaneServingOnlySideEffectsCarriesOnWhatItStartedFrom() {
    LaneStart lane = ServedBelow.committedLane(false);
    assertThat(lane.metadata(TP, 90))
        .as("from nowhere: claims nothing")
        .isEqualTo(ServedBelow.KEY + "0");
    MockConsumer<String, byte[]> consumer = consumerWith(Map.of(TP, served(70, 50)));
    lane.assigned(consumer, List.of(TP));
    assertThat(lane.metadata(TP, 90)).isEqualTo(ServedBelow.KEY + "50");
  }

  @Test
  void theSideEffectFreeLaneStartsAfterWhatWasServedWhileItWasOff() {
    assertThat(ServedBelow.start(null, served(30, 30))).as("never on before").isEqualTo(30L);
    assertThat(ServedBelow.start(new OffsetAndMetadata(10), served(30, 30)))
        .as("on, off, on again")
        .isEqualTo(30L);
  }

  @Test
  void theSideEffectFreeLaneStartsAtItsOwnOffsetWhenItWasOnSince() {
    // The committed lane may run ahead of it (skipping what it does not serve): the
    // side-effect-free lane's own offset is where its requests still unserved begin.
    assertThat(ServedBelow.start(new OffsetAndMetadata(20), served(60, 10))).isNull();
    assertThat(ServedBelow.start(new OffsetAndMetadata(20), null)).isNull();
    assertThat(ServedBelow.start(null, null)).as("a new deployment: the reset policy").isNull();
  }

  @Test
  void aCommitWithoutTheMetadataCountsAsServedBelowItsOffset() {
    assertThat(ServedBelow.allServedBelow(new OffsetAndMetadata(25))).isEqualTo(25L);
    assertThat(ServedBelow.allServedBelow(new OffsetAndMetadata(25, "something else")))
        .isEqualTo(25L);
    assertThat(ServedBelow.allServedBelow(null)).isNull();
  }

  @Test
  void theSideEffectFreeLaneSeeksOnlyWhereWhatWasServedIsAhead() {
    TopicPartition other = new TopicPartition("tool-requests", 1);
    MockConsumer<String, byte[]> consumer =
        consumerWith(Map.of(TP, new OffsetAndMetadata(5), other, new OffsetAndMetadata(40)));
    ServedBelow.sideEffectFreeLane(partitions -> Map.of(TP, served(30, 30), other, served(30, 30)))
        .assigned(consumer, List.of(TP, other));
    assertThat(consumer.position(TP)).isEqualTo(30);
    assertThat(consumer.position(other)).isEqualTo(40);
  }

  @Test
  void theSideEffectFreeLaneStartsAtItsOwnOffsetsWhenWhatWasServedCannotBeRead() {
    MockConsumer<String, byte[]> consumer = consumerWith(Map.of(TP, new OffsetAndMetadata(5)));
    ServedBelow.sideEffectFreeLane(
            partitions -> {
              throw new IllegalStateException("not authorized");
            })
        .assigned(consumer, List.of(TP));
    assertThat(consumer.position(TP)).isEqualTo(5);
  }

  @Test
  void aModelPartitionStartsAfterWhatAnOlderExecutorCommittedInTheExecutorGroup() {
    // Executors before the side-effect-free group read the model lanes in the executor group.
    TopicPartition chat = new TopicPartition("model-requests.chat", 0);
    MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");
    consumer.assign(List.of(chat));
    consumer.updateBeginningOffsets(Map.of(chat, 0L));
    ServedBelow.sideEffectFreeLane(partitions -> Map.of(chat, new OffsetAndMetadata(40)))
        .assigned(consumer, List.of(chat));
    assertThat(consumer.position(chat)).isEqualTo(40);
  }

  private static OffsetAndMetadata served(long offset, long below) {
    return new OffsetAndMetadata(offset, ServedBelow.KEY + below);
  }

  private static MockConsumer<String, byte[]> consumerWith(
      Map<TopicPartition, OffsetAndMetadata> committed) {
    MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");
    consumer.assign(committed.keySet());
    consumer.commitSync(committed);
    return consumer;
  }
}
