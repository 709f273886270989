package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.EffectFired;
import dev.threadline.avro.EffectScheduled;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.Recurrence;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.EffectTimer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A recurring effect through the real topology: its timer taken and set again for the next time in
 * one step, each firing a run of its own, its schedule in the log for readers.
 */
class CronTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  private void scheduleEveryTenSeconds(String threadId) {
    d.agent(Fixtures.agent("helper", 20));
    d.command(Fixtures.create("c-create", threadId, "helper"));
    d.command(
        Fixtures.command(
            "c-cron",
            threadId,
            new ScheduleEffect(
                "cron-1",
                Fixtures.T0.plusSeconds(10),
                new QueueMessage(Fixtures.userMessage("tick")),
                new Recurrence(
                    "* * * * * */10", "UTC", null, "{\"assistant_id\":\"helper\"}", false))));
  }

  @Test
  void aRecurringEffectFiresAtEachTimeOfItsScheduleEachFiringARunOfItsOwn() {
    scheduleEveryTenSeconds("t-cron");
    List<ThreadEvent> events = new ArrayList<>(d.drainEvents());

    for (int firing = 0; firing < 3; firing++) {
      d.advance(Duration.ofSeconds(10));
      events.addAll(d.drainEvents());
      // The turn a firing starts ends before the next time comes.
      d.answer(d.nextModelRequest(), "tock");
      events.addAll(d.drainEvents());
    }

    assertThat(events.stream().filter(e -> e.getPayload() instanceof EffectFired)).hasSize(3);
    List<Instant> scheduled =
        events.stream()
            .map(ThreadEvent::getPayload)
            .filter(EffectScheduled.class::isInstance)
            .map(p -> ((EffectScheduled) p).getFireAt())
            .toList();
    assertThat(scheduled).doesNotHaveDuplicates().isSorted().hasSize(4);
    assertThat(scheduled).allSatisfy(at -> assertThat(at.getEpochSecond() % 10).isZero());
    List<String> runs =
        events.stream()
            .map(ThreadEvent::getPayload)
            .filter(MessageAppended.class::isInstance)
            .map(p -> ((MessageAppended) p).getCommandId())
            .filter(id -> id != null && id.startsWith("cron-1@"))
            .toList();
    assertThat(runs).hasSize(3).doesNotHaveDuplicates();
    assertThat(d.<EffectTimer>store(StoreNames.TIMERS).approximateNumEntries()).isEqualTo(1);
  }

  @Test
  void cancellingARecurringEffectEndsIt() {
    scheduleEveryTenSeconds("t-cron-cancel");
    d.command(
        Fixtures.command(
            "c-cancel", "t-cron-cancel", new dev.threadline.avro.CancelEffect("cron-1")));
    d.drainEvents();

    d.advance(Duration.ofSeconds(60));

    assertThat(d.drainEvents()).noneMatch(e -> e.getPayload() instanceof EffectFired);
    assertThat(d.<EffectTimer>store(StoreNames.TIMERS).approximateNumEntries()).isZero();
  }

  @Test
  void aCronThatStartsAThreadEachTimeCreatesOneThatRunsItsMessage() {
    d.agent(Fixtures.agent("helper", 20));
    d.command(Fixtures.create("c-create", "t-holder", "helper"));
    Instant first = Fixtures.T0.plusSeconds(60).truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
    d.command(
        Fixtures.command(
            "c-cron",
            "t-holder",
            new ScheduleEffect(
                "cron-2",
                first,
                new QueueMessage(Fixtures.userMessage("daily digest")),
                new Recurrence("* * * * *", "UTC", null, null, true))));
    d.drainEvents();

    d.advance(java.time.Duration.between(Fixtures.T0, first).plusSeconds(1));

    String started = "cron-2@" + first.toEpochMilli();
    List<ThreadEvent> events = d.drainEvents();
    assertThat(events)
        .anySatisfy(
            e -> {
              assertThat(e.getThreadId()).isEqualTo("t-holder");
              assertThat(e.getPayload()).isEqualTo(new EffectFired("cron-2", started));
            });
    assertThat(events)
        .filteredOn(e -> e.getThreadId().equals(started))
        .extracting(e -> e.getPayload().getClass().getSimpleName())
        .contains("ThreadCreated", "MessageAppended");
    assertThat(d.nextModelRequest().getThreadId()).isEqualTo(started);
  }
}
