package dev.threadline.projector.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Live streams are capped per tenant and in total. */
class StreamSlotsTest {
  private final StreamSlots slots = new StreamSlots(2, 3);

  @Test
  void aTenantPastItsCapIsRefusedWith429WhileOthersStillGetSlots() {
    slots.take("busy");
    slots.take("busy");

    assertThatThrownBy(() -> slots.take("busy"))
        .isInstanceOfSatisfying(
            Problem.class,
            p -> {
              assertThat(p.status).isEqualTo(429);
              assertThat(p.retryAfterSeconds).isPositive();
              assertThat(p.getMessage()).contains("threadline.projector.live.streams.per.tenant");
            });
    slots.take("quiet");
  }

  @Test
  void theInstancePastItsTotalIsRefusedAndAClosedSlotIsGivenBack() {
    StreamSlots.Slot first = slots.take("a");
    slots.take("b");
    slots.take("c");

    assertThatThrownBy(() -> slots.take("d"))
        .hasMessageContaining("threadline.projector.live.streams.total");
    first.close();
    first.close(); // twice is once
    slots.take("d");
    assertThat(slots.open("a")).isZero();
  }
}
