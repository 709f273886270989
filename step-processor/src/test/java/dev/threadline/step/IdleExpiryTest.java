package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.ChildEntry;
import dev.threadline.avro.store.ParentRef;
import dev.threadline.avro.store.PendingCall;
import dev.threadline.avro.store.ThreadStateValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The operator's idle-thread expiry through the real topology: a root thread that took no input for
 * {@code threadline.threads.idle.expiry} and waits for nothing is deleted as a DELETE would, naming
 * the setting; one that took input since, or waits for a call or a scheduled effect, is kept; the
 * sweep reads a batch at a time; a value from before the time was kept is counted from when the
 * sweep met it.
 */
class IdleExpiryTest {
  private static final String REASON = "idle for PT1H (threadline.threads.idle.expiry)";
  private final StepDriver d =
      new StepDriver(StepSettings.from(Map.of("threadline.threads.idle.expiry", "PT1H")));

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void anIdleRootThreadIsDeletedOnceTheExpiryPassedNamingIt() {
    idleThread("t-idle");

    d.advance(Duration.ofMinutes(59));
    assertThat(deletions()).isEmpty();
    d.advance(Duration.ofMinutes(2));

    assertThat(deletions()).containsExactly("t-idle " + REASON);
    assertThat(d.stateStore().get("t-idle").getDeletedAt()).isNotNull();
    assertThat(d.store(StoreNames.SHARED_AGENTS).approximateNumEntries()).isZero();
  }

  @Test
  void aThreadThatTookInputSinceIsKeptAndExpiresAnHourAfterIt() {
    idleThread("t-used");
    d.advance(Duration.ofMinutes(50));
    d.command(Fixtures.message("c-again", "t-used", "one more thing"));
    d.answer(d.nextModelRequest(), "sure");

    d.advance(Duration.ofMinutes(20));
    assertThat(deletions()).isEmpty();
    d.advance(Duration.ofMinutes(41));

    assertThat(deletions()).containsExactly("t-used " + REASON);
  }

  @Test
  void aThreadWithAScheduledEffectIsKept() {
    idleThread("t-later");
    var action = new dev.threadline.avro.QueueMessage(Fixtures.userMessage("wake up"));
    Instant fireAt = Fixtures.T0.plus(Duration.ofHours(3));
    d.command(
        Fixtures.command(
            "c-fx", "t-later", new dev.threadline.avro.ScheduleEffect("fx", fireAt, action, null)));

    d.advance(Duration.ofMinutes(90));

    assertThat(deletions()).isEmpty();
  }

  @Test
  void aThreadWaitsForNothingOnlyWithNoCallQueueDeferralParentOrRunningChild() {
    idleThread("t-rule");
    ThreadStateValue idle = d.stateStore().get("t-rule");
    IdleExpiry expiry = IdleExpiry.from(Map.of("threadline.threads.idle.expiry", "PT1H"));
    Instant later = idle.getLastActiveAt().plus(Duration.ofHours(2));
    PendingCall call = new PendingCall();
    call.setRequestId("r");
    call.setIssuedAt(later);
    ChildEntry running = new ChildEntry();
    running.setChildThreadId("t-rule/c");
    running.setName("c");
    running.setSubagentName("helper");
    running.setStatus("running");

    assertThat(expiry.expired(idle, false, later)).isTrue();
    assertThat(expiry.expired(idle, false, later.minus(Duration.ofMinutes(61)))).isFalse();
    assertThat(expiry.expired(idle, true, later)).as("a scheduled effect").isFalse();
    assertThat(expiry.expired(with(idle).setPending(call).build(), false, later)).isFalse();
    assertThat(expiry.expired(with(idle).setQueued(List.of(1L)).build(), false, later)).isFalse();
    assertThat(expiry.expired(with(idle).setChildren(List.of(running)).build(), false, later))
        .isFalse();
    ParentRef parent = new ParentRef();
    parent.setParentThreadId("t-root");
    parent.setSubagentName("helper");
    assertThat(expiry.expired(with(idle).setParent(parent).build(), false, later))
        .as("a child goes with its root")
        .isFalse();
    assertThat(expiry.expired(idle, false, later)).as("unless the operator set no expiry").isTrue();
    assertThat(IdleExpiry.from(Map.of()).expired(idle, false, later)).isFalse();
  }

  @Test
  void theSweepReadsABatchOfThreadsAtATimeAndComesRoundToThemAll() {
    d.agent(Fixtures.agent("helper", 5));
    for (int i = 0; i < 2_500; i++) {
      d.command(Fixtures.create("c-" + i, "t-" + i, "helper"));
    }
    d.advance(Duration.ofMinutes(61));
    assertThat(deletions()).hasSizeBetween(1, IdleSweep.BATCH);

    for (int sweep = 0; sweep < 3; sweep++) {
      d.advance(Duration.ofSeconds(10));
    }

    for (int i = 0; i < 2_500; i++) {
      assertThat(d.stateStore().get("t-" + i).getDeletedAt()).as("t-" + i).isNotNull();
    }
  }

  @Test
  void aThreadStoredBeforeItsLastInputWasKeptIsCountedFromWhenTheSweepMetIt() {
    idleThread("t-old");
    ThreadStateValue value = d.stateStore().get("t-old");
    value.setLastActiveAt(null);
    d.stateStore().put("t-old", value);

    d.advance(Duration.ofHours(5));
    assertThat(deletions()).as("not counted from its creation").isEmpty();
    d.advance(Duration.ofMinutes(61));

    assertThat(deletions()).containsExactly("t-old " + REASON);
  }

  @Test
  void anExpiryThatIsNoDurationIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> IdleExpiry.from(Map.of("threadline.threads.idle.expiry", "30 days")))
        .hasMessageContaining("threadline.threads.idle.expiry")
        .hasMessageContaining("P30D");
    assertThatThrownBy(() -> IdleExpiry.from(Map.of("threadline.threads.idle.expiry", "PT0S")))
        .hasMessageContaining("longer than zero");
  }

  /** A thread that has had one turn and waits for its next message. */
  private void idleThread(String threadId) {
    d.startThread(threadId, "hello");
    d.answer(d.nextModelRequest(), "hi");
  }

  private static ThreadStateValue.Builder with(ThreadStateValue value) {
    return ThreadStateValue.newBuilder(value);
  }

  /** The deletions written since the last drain, as "threadId reason". */
  private List<String> deletions() {
    return d.drainEvents().stream()
        .filter(e -> e.getPayload() instanceof ThreadDeleted)
        .map(IdleExpiryTest::describe)
        .toList();
  }

  private static String describe(ThreadEvent e) {
    return e.getThreadId() + " " + ((ThreadDeleted) e.getPayload()).getReason();
  }
}
