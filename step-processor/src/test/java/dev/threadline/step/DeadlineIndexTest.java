package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class DeadlineIndexTest {
  private static final Instant T0 = Instant.parse("2026-11-22T08:00:00Z");
  private final DeadlineIndex index = new DeadlineIndex();

  @Test
  void takesWhatIsDueOldestFirstUpToTheLimitAndLeavesTheRest() {
    index.set("t-late", "r-3", T0.plusSeconds(30));
    index.set("t-b", "r-2", T0.plusSeconds(2));
    index.set("t-a", "r-1", T0.plusSeconds(1));

    assertThat(index.takeDue(T0.plusSeconds(5), 1))
        .containsExactly(new DeadlineIndex.Due("t-a", "r-1"));
    assertThat(index.takeDue(T0.plusSeconds(5), 10))
        .containsExactly(new DeadlineIndex.Due("t-b", "r-2"));
    assertThat(index.takeDue(T0.plusSeconds(5), 10)).isEmpty();
    assertThat(index.size()).isEqualTo(1);
  }

  @Test
  void aDeadlineIsDueAtItsOwnMillisecondAndAClearedOneNever() {
    index.set("t-a", "r-1", T0);
    index.set("t-b", "r-2", T0);
    index.clear("t-b", "r-2", T0);

    assertThat(index.takeDue(T0.minusMillis(1), 10)).isEmpty();
    assertThat(index.takeDue(T0, 10)).containsExactly(new DeadlineIndex.Due("t-a", "r-1"));
  }

  /**
   * A restart applies a raised budget: a call waiting for its budget is looked at again at once.
   */
  @Test
  void aCallWaitingForItsBudgetIsDueAsATaskStartsAnyOtherAtItsDeadline() {
    var waiting =
        dev.threadline.avro.store.PendingCall.newBuilder()
            .setKind(dev.threadline.avro.store.CallKind.MODEL)
            .setRequestId("r-1")
            .setIssuedAt(T0)
            .setDeadline(T0.plusSeconds(3_600))
            .setAttempt(1)
            .setRetries(0)
            .setWaitingForRetry(false)
            .setWaitingForBudget(true)
            .setFromQueue(false)
            .setManualCompaction(false)
            .build();
    var inFlight =
        dev.threadline.avro.store.PendingCall.newBuilder(waiting)
            .setWaitingForBudget(false)
            .build();

    assertThat(ThreadStores.dueAtStart(waiting, T0.plusSeconds(60))).isEqualTo(T0.plusSeconds(60));
    assertThat(ThreadStores.dueAtStart(inFlight, T0.plusSeconds(60)))
        .isEqualTo(T0.plusSeconds(3_600));
    assertThat(ThreadStores.dueAtStart(waiting, T0.plusSeconds(4_000)))
        .isEqualTo(T0.plusSeconds(3_600));
  }
}
