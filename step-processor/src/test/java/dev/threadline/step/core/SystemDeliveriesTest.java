package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Event.EffectFired;
import dev.threadline.step.core.Event.EffectScheduled;
import dev.threadline.step.core.Event.MessageQueued;
import dev.threadline.step.core.Values.InboundMessage;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Deliveries from the system are held to the queue caps like any other work, and never lost: a
 * fired effect that finds the queue full waits as its timer again (durable, outside the state every
 * step loads) and is delivered once there is room (a child's report: {@code ChildReportsTest}).
 * Here a queue holds one item.
 */
class SystemDeliveriesTest {
  private final Scenario small =
      new Scenario(MachineConfig.defaults().withLimits(l -> l.withQueue(1, l.queueBytes())));

  private static Queued.QueuedMessage later(String text) {
    return new Queued.QueuedMessage("e1", InboundMessage.invoke(text), false, Scenario.T0);
  }

  @Test
  void aFiredEffectThatFindsTheQueueFullWaitsAsATimerAndIsQueuedWhenThereIsRoom() {
    small.given(small.create(), small.message("busy"), small.message("queued"));

    small.when(new Input.EffectFired("e1", small.tick(), later("wake up"), null));

    assertThat(small.state.queue()).hasSize(1);
    assertThat(small.events(EffectFired.class)).isEmpty();
    assertThat(small.outputs(Output.SetTimer.class))
        .containsExactly(
            new Output.SetTimer("e1", small.now().plus(HELD_FOR), later("wake up"), null));
    assertThat(small.events(EffectScheduled.class)).hasSize(1);

    small.given(small.reply("done")); // the next turn takes the queued message: room again
    small.advance(HELD_FOR);
    small.when(new Input.EffectFired("e1", small.now(), later("wake up"), null));

    assertThat(small.events(EffectFired.class)).hasSize(1);
    assertThat(small.events(MessageQueued.class))
        .singleElement()
        .satisfies(q -> assertThat(q.kind()).isEqualTo(Enums.QueuedKind.MESSAGE));
  }

  /** How long a held delivery waits before it is tried again. */
  private static final Duration HELD_FOR = Duration.ofSeconds(5);
}
