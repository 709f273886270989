package dev.threadline.projector.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.projector.Events;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummariesTest {
  private final Events thread = new Events("t-1", "acme");

  private static ThreadSummary fold(List<ThreadEvent> events) {
    ThreadSummary summary = null;
    for (ThreadEvent e : events) {
      summary = Summaries.apply(summary, e).orElse(summary);
    }
    return summary;
  }

  /** Metadata lets a client find its threads; only short entries are kept, within a bound. */
  @Test
  void theSummaryKeepsTheShortMetadataOfTheThreadWithinItsBound() {
    java.util.Map<String, String> metadata = new java.util.TreeMap<>();
    metadata.put("topic", "greeting");
    metadata.put("description", "x".repeat(Summaries.METADATA_VALUE_CHARS + 1));
    for (int i = 0; i < 200; i++) {
      metadata.put("k" + (1000 + i), "v".repeat(40));
    }

    ThreadSummary summary =
        fold(
            List.of(
                thread.next(
                    dev.threadline.avro.ThreadCreated.newBuilder()
                        .setAgentName("helper")
                        .setMetadata(metadata)
                        .build())));

    assertThat(summary.getMetadata())
        .containsEntry("topic", "greeting")
        .doesNotContainKey("description");
    long bytes =
        summary.getMetadata().entrySet().stream()
            .mapToLong(e -> e.getKey().length() + e.getValue().length())
            .sum();
    assertThat(bytes).isLessThanOrEqualTo(Summaries.METADATA_BYTES);
    assertThat(summary.getMetadata().size()).isGreaterThan(50);
  }

  @Test
  void aTurnWithAToolCallIsCountedInTheSummary() {
    // given a thread that ran one turn of two model steps with one tool call
    List<ThreadEvent> events = thread.oneTurn("helper", "gpt-x");

    // when the events are folded
    ThreadSummary summary = fold(events);

    // then
    assertThat(summary.getAgentName()).isEqualTo("helper");
    assertThat(summary.getTenantId()).isEqualTo("acme");
    assertThat(summary.getStatus()).isEqualTo(ThreadStatus.IDLE);
    assertThat(summary.getTurns()).isEqualTo(1);
    assertThat(summary.getSteps()).isEqualTo(2);
    assertThat(summary.getToolCalls()).isEqualTo(1);
    assertThat(summary.getInputTokens()).isEqualTo(250);
    assertThat(summary.getOutputTokens()).isEqualTo(50);
    assertThat(summary.getLastSeq()).isEqualTo(events.size());
    assertThat(summary.getLastEventType()).isEqualTo("ThreadStatusChanged");
    assertThat(summary.getLastActivity()).isEqualTo(events.getLast().getTimestamp().toEpochMilli());
    assertThat(summary.getCreatedAt()).isEqualTo(events.getFirst().getTimestamp().toEpochMilli());
  }

  /**
   * A request that went again for want of a result by its deadline is a recovery the summary
   * counts; a retry after a model's error is not.
   */
  @Test
  void recoveriesAreCountedAndRetriesAfterAnErrorAreNot() {
    List<ThreadEvent> events = new java.util.ArrayList<>(thread.oneTurn("helper", "gpt-x"));
    events.add(
        thread.next(
            new dev.threadline.avro.StepRetried(
                "r-1", 2, dev.threadline.agents.StepRetries.LOST_RESULT, null, "tool")));
    events.add(
        thread.next(
            new dev.threadline.avro.StepRetried(
                "r-2", 2, "retry after a retryable model error", null, "model")));
    events.add(
        thread.next(
            new dev.threadline.avro.StepRetried(
                "r-2", 3, dev.threadline.agents.StepRetries.LOST_RESULT, null, "model")));

    assertThat(fold(events).getRecoveries()).isEqualTo(2);
  }

  @Test
  void aHandoffMakesTheNewAgentTheThreadsAgent() {
    ThreadSummary summary =
        fold(
            List.of(
                thread.created("onboarding", null), thread.handedOff("onboarding", "scheduler")));

    assertThat(summary.getAgentName()).isEqualTo("scheduler");
  }

  /** New metadata sets and removes entries; the others stay, and a thread is found by them. */
  @Test
  void aMetadataChangeSetsAndRemovesEntriesAndKeepsTheOthers() {
    java.util.Map<String, String> changes = new java.util.HashMap<>();
    changes.put("topic", "billing");
    changes.put("stale", null);

    ThreadSummary summary =
        fold(
            List.of(
                thread.created("helper", null, java.util.Map.of("stale", "yes", "team", "a")),
                thread.next(new dev.threadline.avro.MetadataChanged(changes, "c-1"))));

    assertThat(summary.getMetadata())
        .containsOnly(java.util.Map.entry("topic", "billing"), java.util.Map.entry("team", "a"));
  }

  /** A fork names the thread and the event it goes on from once it holds what it copied. */
  @Test
  void aForkNamesItsSourceOnceSeeded() {
    ThreadSummary created = fold(List.of(thread.created("helper", null)));
    assertThat(created.getForkedFrom()).isNull();
    ThreadSummary seeded =
        fold(
            List.of(
                thread.created("helper", null),
                thread.next(new dev.threadline.avro.ForkSeeded("t-0", 40L, 12, 3))));
    assertThat(seeded.getForkedFrom()).isEqualTo("t-0");
    assertThat(seeded.getForkedAtSeq()).isEqualTo(40L);
  }

  /**
   * A thread held by a budget says until when, and stops saying so once its call goes or its turn
   * ends.
   */
  @Test
  void aThreadWaitingForItsBudgetSaysUntilWhenUntilItsCallGoes() {
    java.time.Instant resumes = Events.T0.plusSeconds(3600);
    ThreadSummary waiting =
        fold(
            List.of(
                thread.created("helper", null),
                thread.next(
                    new dev.threadline.avro.BudgetReached(
                        "r1",
                        "threadline.budget.model.calls.per.thread.per.hour",
                        1000L,
                        1000L,
                        resumes))));
    assertThat(waiting.getWaitingForBudgetUntil()).isEqualTo(resumes.toEpochMilli());
    assertThat(waiting.getWaitingForBudget())
        .isEqualTo("threadline.budget.model.calls.per.thread.per.hour");

    ThreadSummary resumed = Summaries.apply(waiting, thread.modelRequested("m")).orElseThrow();
    assertThat(resumed.getWaitingForBudgetUntil()).isNull();
    assertThat(resumed.getWaitingForBudget()).isNull();

    // A turn that ends waiting (aborted), or a thread terminated, waits for no budget any more.
    ThreadSummary aborted =
        Summaries.apply(waiting, thread.next(new dev.threadline.avro.TurnCompleted("aborted", 1)))
            .orElseThrow();
    assertThat(aborted.getWaitingForBudget()).isNull();
    assertThat(aborted.getWaitingForBudgetUntil()).isNull();
    ThreadSummary terminated =
        Summaries.apply(
                waiting, thread.next(new dev.threadline.avro.ThreadTerminated("by the operator")))
            .orElseThrow();
    assertThat(terminated.getWaitingForBudget()).isNull();
  }

  @Test
  void aReplayedEventChangesNothing() {
    // given a summary after a model call
    ThreadSummary summary =
        fold(List.of(thread.created("helper", null), thread.modelRequested("m")));
    ThreadEvent completed = thread.modelCompleted(10, 5);
    summary = Summaries.apply(summary, completed).orElseThrow();

    // when the same event arrives again (a replay after a crash)
    var again = Summaries.apply(summary, completed);

    // then it is skipped, so the tokens are counted once
    assertThat(again).isEmpty();
    assertThat(summary.getInputTokens()).isEqualTo(10);
  }

  @Test
  void eventsOutsideAnyThreadLogAreNotApplied() {
    // given an event with seq 0 (a rejected command for an unknown thread)
    ThreadEvent outside = ThreadEvent.newBuilder(thread.created("helper", null)).setSeq(0).build();

    // when / then
    assertThat(Summaries.apply(null, outside)).isEmpty();
  }

  @Test
  void childrenAndParentAreRecordedAndStatusFollowsTermination() {
    // given a child thread and its parent spawning it
    Events child = new Events("t-1/research-1.1.0", "acme");
    ThreadSummary childSummary = fold(List.of(child.created("researcher", "t-1")));
    ThreadSummary parent =
        fold(
            List.of(
                thread.created("helper", null),
                thread.subagent("t-1/research-1.1.0"),
                thread.subagent("t-1/research-1.1.0"),
                thread.next(new dev.threadline.avro.ThreadTerminated("stop"))));

    // then
    assertThat(childSummary.getParentThreadId()).isEqualTo("t-1");
    assertThat(parent.getChildren()).containsExactly("t-1/research-1.1.0");
    assertThat(parent.getStatus()).isEqualTo(ThreadStatus.TERMINATED);
  }

  @Test
  void aThreadFirstSeenMidwayStillGetsASummary() {
    // given the ThreadCreated event is gone (retention) and the projector starts later
    thread.created("helper", null);
    ThreadEvent laterEvent = thread.status(ThreadStatus.IDLE, ThreadStatus.RUNNING);

    // when
    ThreadSummary summary = Summaries.apply(null, laterEvent).orElseThrow();

    // then it is known, with what the event tells
    assertThat(summary.getStatus()).isEqualTo(ThreadStatus.RUNNING);
    assertThat(summary.getAgentName()).isEmpty();
    assertThat(summary.getLastSeq()).isEqualTo(2);
  }

  @Test
  void aParentOfManyChildrenKeepsTheNewestInItsSummaryAndCountsThemAll() {
    List<ThreadEvent> events = new java.util.ArrayList<>();
    events.add(thread.created("boss", null));
    for (int i = 0; i < 1_000; i++) {
      events.add(thread.subagent("t-1/sub-" + i));
    }

    ThreadSummary summary = fold(events);

    assertThat(summary.getChildCount()).isEqualTo(1_000);
    assertThat(summary.getChildren()).hasSize(Summaries.CHILDREN_KEPT);
    assertThat(summary.getChildren().getLast()).isEqualTo("t-1/sub-999");
  }

  /** The running turn's start is kept (what its duration is measured from) and gone at its end. */
  @Test
  void theRunningTurnsStartIsKeptUntilTheTurnEnds() {
    ThreadEvent created =
        thread.next(dev.threadline.avro.ThreadCreated.newBuilder().setAgentName("helper").build());
    ThreadEvent started = thread.turnStarted();
    ThreadSummary running = fold(List.of(created, started));

    assertThat(running.getTurnStartedAt()).isEqualTo(started.getTimestamp().toEpochMilli());
    assertThat(
            Summaries.apply(running, thread.turnEnded("response")).orElseThrow().getTurnStartedAt())
        .isNull();
  }
}
