package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Event.EffectFired;
import dev.threadline.step.core.Event.EffectScheduled;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Values.InboundMessage;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A recurring effect (a cron): set again for its schedule's next time in the step that fires it, so
 * each time fires once; ended by its {@code until}, its schedule or its thread.
 */
class RecurringEffectsTest {
  private static final Recurrence EVERY_FIVE_MINUTES =
      new Recurrence("*/5 * * * *", "UTC", null, "{\"assistant_id\":\"helper\"}");

  private final Scenario scenario = new Scenario();

  private Input.ScheduleEffect schedule(Instant fireAt, Recurrence recurrence) {
    return new Input.ScheduleEffect(
        scenario.nextCommandId(),
        Scenario.TENANT,
        scenario.tick(),
        "cron-1",
        fireAt,
        report("cron-1"),
        recurrence,
        0);
  }

  private static Queued.QueuedMessage report(String id) {
    return new Queued.QueuedMessage(id, InboundMessage.invoke("report"), false, Scenario.T0);
  }

  private Input.EffectFired fireAt(Instant at, Recurrence recurrence) {
    return new Input.EffectFired("cron-1", at, report("cron-1@" + at.toEpochMilli()), recurrence);
  }

  @Test
  void aRecurringEffectIsScheduledWithItsSchedule() {
    scenario.given(scenario.create());
    Instant first = Instant.parse("2026-11-22T10:05:00Z");

    scenario.when(schedule(first, EVERY_FIVE_MINUTES));

    assertThat(scenario.outputs(Output.SetTimer.class))
        .containsExactly(
            new Output.SetTimer("cron-1", first, report("cron-1"), EVERY_FIVE_MINUTES));
    assertThat(scenario.events())
        .containsExactly(new EffectScheduled("cron-1", first, "message", EVERY_FIVE_MINUTES));
  }

  @Test
  void aRecurringEffectIsSetForItsNextTimeInTheStepThatFiresIt() {
    scenario.given(scenario.create());
    Instant due = Instant.parse("2026-11-22T10:05:00Z");

    scenario.when(fireAt(due, EVERY_FIVE_MINUTES));

    assertThat(scenario.events(EffectFired.class)).containsExactly(new EffectFired("cron-1"));
    assertThat(scenario.outputs(Output.SetTimer.class))
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.fireAt()).isEqualTo(Instant.parse("2026-11-22T10:10:00Z"));
              assertThat(t.recurrence()).isEqualTo(EVERY_FIVE_MINUTES);
            });
    assertThat(scenario.events(MessageAppended.class).getFirst().message().content())
        .isEqualTo("report");
  }

  @Test
  void aFiringLateAfterAnOutageIsFollowedByTheNextTimeToComeNotByTheTimesMissed() {
    scenario.given(scenario.create());
    Instant late = Instant.parse("2026-11-22T10:23:30Z");

    scenario.when(fireAt(late, EVERY_FIVE_MINUTES));

    assertThat(scenario.events(EffectFired.class)).hasSize(1);
    assertThat(scenario.outputs(Output.SetTimer.class).getFirst().fireAt())
        .isEqualTo(Instant.parse("2026-11-22T10:25:00Z"));
  }

  @Test
  void aRecurringEffectFiresNoMoreAfterItsUntil() {
    Recurrence untilHalfPast =
        new Recurrence("*/5 * * * *", "UTC", Instant.parse("2026-11-22T10:30:00Z"), null);
    scenario.given(scenario.create());

    scenario.when(fireAt(Instant.parse("2026-11-22T10:30:00Z"), untilHalfPast));

    assertThat(scenario.events(EffectFired.class)).hasSize(1);
    assertThat(scenario.outputs(Output.SetTimer.class)).isEmpty();
    assertThat(scenario.events(EffectScheduled.class)).isEmpty();
  }

  @Test
  void aRecurringEffectWhoseNextTimeIsBeyondTheHorizonEndsWithThisFiring() {
    Scenario nearHorizon =
        new Scenario(MachineConfig.defaults().withLimits(l -> l.withTimers(100, 3_600)));
    nearHorizon.given(nearHorizon.create());
    Recurrence daily = new Recurrence("@daily", "UTC", null, null);

    nearHorizon.when(
        new Input.EffectFired("cron-1", nearHorizon.tick(), report("cron-1@1"), daily));

    assertThat(nearHorizon.events(EffectFired.class)).hasSize(1);
    assertThat(nearHorizon.outputs(Output.SetTimer.class)).isEmpty();
  }

  @Test
  void aRecurringEffectHeldBackByAFullQueueKeepsItsSchedule() {
    Scenario small =
        new Scenario(MachineConfig.defaults().withLimits(l -> l.withQueue(1, l.queueBytes())));
    small.given(small.create(), small.message("busy"), small.message("queued"));

    small.when(
        new Input.EffectFired("cron-1", small.tick(), report("cron-1@1"), EVERY_FIVE_MINUTES));

    assertThat(small.events(EffectFired.class)).isEmpty();
    assertThat(small.outputs(Output.SetTimer.class))
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.fireAt()).isEqualTo(small.now().plus(Duration.ofSeconds(5)));
              assertThat(t.recurrence()).isEqualTo(EVERY_FIVE_MINUTES);
            });
  }

  @Test
  void aScheduleThatIsNotACronExpressionIsRefusedNamingWhatIsWrong() {
    scenario.given(scenario.create());

    scenario.when(
        schedule(Scenario.T0.plusSeconds(60), new Recurrence("61 * * * *", "UTC", null, null)));

    scenario.thenRejected("61");
    assertThat(scenario.outputs(Output.SetTimer.class)).isEmpty();
  }

  @Test
  void aRecurrenceInAnUnknownTimezoneIsRefused() {
    scenario.given(scenario.create());

    scenario.when(
        schedule(
            Scenario.T0.plusSeconds(60), new Recurrence("@hourly", "Mars/Olympus", null, null)));

    scenario.thenRejected("Mars/Olympus");
  }

  @Test
  void aRecurrenceWhoseDetailsAreTooLongIsRefused() {
    scenario.given(scenario.create());
    String huge = "\"" + "x".repeat(Recurrence.MAX_DETAILS) + "\"";

    scenario.when(
        schedule(Scenario.T0.plusSeconds(60), new Recurrence("@hourly", "UTC", null, huge)));

    scenario.thenRejected("16384");
  }

  @Test
  void aFiringOnAFinishedThreadIsDroppedAndNotSetAgain() {
    scenario.given(scenario.create(), scenario.terminate());

    scenario.when(fireAt(scenario.tick(), EVERY_FIVE_MINUTES));

    scenario.thenRejected("dropped");
    assertThat(scenario.outputs(Output.SetTimer.class)).isEmpty();
  }

  private static final Recurrence HOURLY_NEW_THREAD =
      new Recurrence("@hourly", "UTC", null, null, true);

  @Test
  void aCronThatStartsAThreadEachTimeStartsOneOnItsAgentAndIsSetAgain() {
    scenario.given(scenario.create());
    Instant due = Instant.parse("2026-11-22T11:00:00Z");

    scenario.when(
        new Input.EffectFired(
            "cron-1", due, report("cron-1@" + due.toEpochMilli()), HOURLY_NEW_THREAD));

    Output.StartThread started = scenario.outputs(Output.StartThread.class).getFirst();
    assertThat(started.threadId()).isEqualTo("cron-1@" + due.toEpochMilli());
    assertThat(started.agent()).isEqualTo(scenario.state.agent());
    assertThat(started.message().text()).isEqualTo("report");
    assertThat(started.metadata())
        .containsEntry("cron_id", "cron-1")
        .containsEntry("cron_thread_id", Scenario.THREAD);
    assertThat(scenario.events(EffectFired.class))
        .containsExactly(new EffectFired("cron-1", started.threadId()));
    assertThat(scenario.outputs(Output.SetTimer.class).getFirst().fireAt())
        .isEqualTo(Instant.parse("2026-11-22T12:00:00Z"));
    assertThat(scenario.events(MessageAppended.class)).isEmpty();
    scenario.thenRequestsNoModel();
  }

  @Test
  void aCronThatStartsAThreadMoreOftenThanOnceAMinuteOrWithAToolIsRefused() {
    scenario.given(scenario.create());

    scenario.when(
        schedule(
            Scenario.T0.plusSeconds(30),
            new Recurrence("* * * * * */30", "UTC", null, null, true)));
    scenario.thenRejected("at most once a minute");

    scenario.when(
        new Input.ScheduleEffect(
            scenario.nextCommandId(),
            Scenario.TENANT,
            scenario.tick(),
            "cron-2",
            Scenario.T0.plusSeconds(3600),
            new Queued.QueuedTool("cron-2", "echo", "{}", Scenario.T0),
            HOURLY_NEW_THREAD,
            0));
    scenario.thenRejected("gives it a message, not a tool");
    assertThat(scenario.outputs(Output.SetTimer.class)).isEmpty();
  }
}
