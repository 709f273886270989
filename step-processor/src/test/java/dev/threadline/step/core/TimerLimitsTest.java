package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Values.InboundMessage;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A thread holds a bounded number of scheduled effects, none further ahead than the horizon, and
 * its timers end with it.
 */
class TimerLimitsTest {
  private final Scenario scenario =
      new Scenario(MachineConfig.defaults().withLimits(l -> l.withTimers(3, 3_600)));

  private Input.ScheduleEffect schedule(String effectId, Instant fireAt, int otherTimers) {
    return new Input.ScheduleEffect(
        scenario.nextCommandId(),
        Scenario.TENANT,
        scenario.tick(),
        effectId,
        fireAt,
        new Queued.QueuedMessage(effectId, InboundMessage.invoke("later"), false, Scenario.T0),
        null,
        otherTimers);
  }

  @Test
  void aThreadHoldingTheMostEffectsItMayIsRefusedAnother() {
    scenario.given(scenario.create());

    scenario.when(schedule("e4", Scenario.T0.plusSeconds(60), 3));

    scenario.thenRejected("threadline.limits.timers.per.thread");
    assertThat(scenario.outputs(Output.SetTimer.class)).isEmpty();
  }

  @Test
  void belowTheLimitAnEffectIsScheduled() {
    scenario.given(scenario.create());

    scenario.when(schedule("e3", Scenario.T0.plusSeconds(60), 2));

    assertThat(scenario.outputs(Output.SetTimer.class)).hasSize(1);
  }

  @Test
  void anEffectBeyondTheHorizonIsRefused() {
    scenario.given(scenario.create());

    scenario.when(schedule("far", Instant.parse("9999-12-31T00:00:00Z"), 0));

    scenario.thenRejected("threadline.limits.effect.horizon.seconds");
    assertThat(scenario.outputs(Output.SetTimer.class)).isEmpty();
  }

  @Test
  void terminatingAThreadCancelsItsTimers() {
    scenario.given(scenario.create(), schedule("e1", Scenario.T0.plusSeconds(60), 0));

    scenario.when(scenario.terminate());

    assertThat(scenario.outputs(Output.CancelAllTimers.class)).hasSize(1);
  }
}
