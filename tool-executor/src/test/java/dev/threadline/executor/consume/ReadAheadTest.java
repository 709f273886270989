package dev.threadline.executor.consume;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReadAheadTest {
  @Test
  void aLaneWithASlotFreeIsNotPaused() {
    ReadAhead slots = new ReadAhead(2);
    slots.take();
    assertThat(slots.pauses()).isFalse();
    assertThat(slots.giveBack()).as("nothing to wake").isFalse();
  }

  @Test
  void aLaneWithoutASlotPausesAndTheFinishThatFreesOneWakesThePoll() {
    ReadAhead slots = new ReadAhead(1);
    slots.take();
    assertThat(slots.pauses()).isTrue();
    assertThat(slots.giveBack()).as("wake the poll to resume the lane").isTrue();
    assertThat(slots.pauses()).as("a slot is free again").isFalse();
  }

  @Test
  void recordsReadBeyondTheSlotsGiveNoSlotBackWhenTheyFinish() {
    ReadAhead slots = new ReadAhead(1);
    slots.take();
    slots.take(); // a poll returned more than was free: overdrawn
    assertThat(slots.pauses()).isTrue();
    assertThat(slots.giveBack()).as("the overdrawn record: still none free").isFalse();
    assertThat(slots.pauses()).isTrue();
    assertThat(slots.giveBack()).isTrue();
    assertThat(slots.pauses()).isFalse();
  }
}
