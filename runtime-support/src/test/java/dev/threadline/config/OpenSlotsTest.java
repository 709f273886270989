package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Long-held requests are capped per tenant and in total. */
class OpenSlotsTest {
  private final OpenSlots slots = new OpenSlots(2, 3, "x.per.tenant", "x.total");

  @Test
  void aTenantPastItsCapIsRefusedNamingItWhileOthersStillGetSlots() {
    slots.take("busy");
    slots.take("busy");

    assertThatThrownBy(() -> slots.take("busy"))
        .isInstanceOf(OpenSlots.Full.class)
        .hasMessageContaining("x.per.tenant");
    slots.take("quiet");
  }

  @Test
  void theInstancePastItsTotalIsRefusedAndAClosedSlotIsGivenBack() {
    OpenSlots.Slot first = slots.take("a");
    slots.take("b");
    slots.take("c");

    assertThatThrownBy(() -> slots.take("d")).hasMessageContaining("x.total");
    first.close();
    first.close(); // twice is once
    slots.take("d");
    assertThat(slots.open("a")).isZero();
  }
}
