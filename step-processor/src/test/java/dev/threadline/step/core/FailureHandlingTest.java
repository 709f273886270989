package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.ModelCallFailed;
import dev.threadline.step.core.Event.ResultIgnored;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Event.ThreadTerminated;
import dev.threadline.step.core.Event.TurnCompleted;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Model errors, deadlines, abort (§10 epoch fencing), terminate (§10), duplicates. */
class FailureHandlingTest {
  private final Scenario scenario = new Scenario();

  @Test
  void aRetryableModelErrorIsRetriedAfterABackoff() {
    scenario.givenRunning();

    scenario.when(scenario.modelError(true));
    assertThat(scenario.events(ModelCallFailed.class))
        .singleElement()
        .satisfies(f -> assertThat(f.willRetry()).isTrue());
    scenario.thenRequestsNoModel();
    Output.SetDeadline backoff = scenario.outputs(Output.SetDeadline.class).getFirst();
    assertThat(backoff.deadline()).isEqualTo(scenario.now().plusSeconds(1));

    scenario.when(scenario.deadlinePassed());

    assertThat(scenario.outputs(Output.RequestModel.class))
        .singleElement()
        .satisfies(r -> assertThat(r.requestId()).isEqualTo("t-1/t1/s1/model/r1"));
    assertThat(scenario.events(StepRetried.class)).hasSize(1);
  }

  /** A retryable error whose provider asked to be left alone for {@code retryAfter}. */
  private Input.ModelResultReceived rateLimitedFor(Duration retryAfter) {
    return new Input.ModelResultReceived(
        Scenario.PENDING,
        Scenario.CURRENT_EPOCH,
        scenario.now(),
        new Input.ModelFailure("rate_limited", "slow down", true, retryAfter),
        List.of());
  }

  @Test
  void aRetryWaitsAtLeastAsLongAsTheProviderAsked() {
    scenario.givenRunning();

    scenario.when(rateLimitedFor(Duration.ofSeconds(30)));

    assertThat(scenario.outputs(Output.SetDeadline.class).getFirst().deadline())
        .isEqualTo(scenario.now().plusSeconds(30));
    scenario.when(scenario.deadlinePassed());
    // A retry-after shorter than the runtime's own backoff does not shorten it.
    scenario.when(rateLimitedFor(Duration.ofMillis(10)));
    assertThat(scenario.outputs(Output.SetDeadline.class).getFirst().deadline())
        .isEqualTo(scenario.now().plusSeconds(2));
  }

  @Test
  void retryableModelErrorsAreRetriedABoundedNumberOfTimesThenTheTurnFails() {
    scenario.givenRunning();
    for (int i = 0; i < 3; i++) {
      scenario.when(scenario.modelError(true));
      scenario.when(scenario.deadlinePassed());
    }

    scenario.when(scenario.modelError(true));

    assertThat(scenario.events(ModelCallFailed.class))
        .singleElement()
        .satisfies(f -> assertThat(f.willRetry()).isFalse());
    scenario.thenEmits(new TurnCompleted(TurnEnd.MODEL_ERROR_RETRIES_EXHAUSTED, 1));
    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void modelCallsOfATurnAreCountedWithRetriesButNotReissues() {
    scenario.givenRunning();
    assertThat(scenario.outputs(Output.RequestModel.class).getFirst().turnCall()).isEqualTo(1);
    scenario.given(scenario.modelError(true));

    scenario.when(scenario.deadlinePassed());
    assertThat(scenario.outputs(Output.RequestModel.class).getFirst().turnCall()).isEqualTo(2);
    scenario.when(scenario.deadlinePassed());
    assertThat(scenario.outputs(Output.RequestModel.class).getFirst().turnCall()).isEqualTo(2);

    scenario.when(scenario.calls("echo", "{}"));
    scenario.when(scenario.toolOk("{}"));
    assertThat(scenario.outputs(Output.RequestModel.class).getFirst().turnCall()).isEqualTo(3);
  }

  @Test
  void theRetryBackoffDoubles() {
    scenario.given(scenario.create(), scenario.message("go"), scenario.modelError(true));
    scenario.given(scenario.deadlinePassed());

    scenario.when(scenario.modelError(true));

    assertThat(scenario.outputs(Output.SetDeadline.class).getFirst().deadline())
        .isEqualTo(scenario.now().plusSeconds(2));
  }

  @Test
  void aNonRetryableModelErrorFailsTheTurnAndTheThreadStaysUsable() {
    scenario.givenRunning();

    scenario.when(scenario.modelError(false));

    scenario.thenEmits(new TurnCompleted(TurnEnd.MODEL_ERROR, 1));
    scenario.thenStatus(Status.IDLE);

    scenario.when(scenario.message("again"));
    scenario.thenRequestsModel();
  }

  @Test
  void aRequestWithoutResultByItsDeadlineIsReissuedWithTheSameRequestId() {
    scenario.givenRunning();
    String requestId = scenario.pendingId();

    scenario.when(scenario.deadlinePassed());

    assertThat(scenario.outputs(Output.RequestModel.class))
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.requestId()).isEqualTo(requestId);
              assertThat(r.attempt()).isEqualTo(2);
            });
    assertThat(scenario.events(StepRetried.class))
        .containsExactly(new StepRetried(requestId, 2, "no result by the deadline", "model"));
  }

  @Test
  void aToolCallWithoutResultByItsDeadlineGoesAgainAndTheLogSaysItWasAToolsRecovery() {
    scenario.givenCalling(call("c1", "echo", "{}"));
    String requestId = scenario.pendingId();

    scenario.when(scenario.deadlinePassed());

    assertThat(scenario.outputs(Output.RequestTool.class))
        .singleElement()
        .satisfies(r -> assertThat(r.requestId()).isEqualTo(requestId));
    assertThat(scenario.events(StepRetried.class))
        .containsExactly(new StepRetried(requestId, 2, "no result by the deadline", "tool"));
  }

  /**
   * A request can wait in a busy lane longer than its deadline: it is re-issued (a lost one needs
   * that), with the same id and deadlines that grow, and never failed for the wait.
   */
  @Test
  void aModelCallWithoutAnswerIsReissuedWithGrowingDeadlinesAndNeverFailedForTheWait() {
    scenario.givenRunning();
    List<Long> gaps = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      scenario.when(scenario.deadlinePassed());
      Output.RequestModel again = scenario.thenRequestsModel();
      gaps.add(java.time.Duration.between(again.issuedAt(), again.deadline()).toSeconds());
    }

    assertThat(gaps).containsExactly(240L, 480L, 960L, 960L, 960L);
    assertThat(((Awaiting.Model) scenario.state.awaiting()).attempt()).isEqualTo(6);
    assertThat(scenario.events(ModelCallFailed.class)).isEmpty();
    assertThat(scenario.events(TurnCompleted.class)).isEmpty();
  }

  @Test
  void aToolCallWithoutAnswerIsReissuedLikeAModelCall() {
    scenario.givenCalling(call("c1", "echo", "{}"));
    for (int i = 0; i < 4; i++) {
      scenario.when(scenario.deadlinePassed());
    }

    assertThat(scenario.outputs(Output.RequestTool.class))
        .singleElement()
        .satisfies(r -> assertThat(r.attempt()).isEqualTo(5));
    assertThat(scenario.events(Event.MessageAppended.class)).isEmpty();
  }

  @Test
  void anExecutorMissingTheReusedContextGetsTheSameRequestAgainNotARetry() {
    scenario.given(scenario.create());
    Output.RequestModel sent =
        scenario.when(scenario.message("go")).outputs(Output.RequestModel.class).getFirst();
    MachineState before = scenario.state;

    Transition t =
        scenario.when(new Input.ContextMissing(sent.requestId(), before.epoch(), scenario.tick()));

    assertThat(t.state()).isEqualTo(before);
    assertThat(t.outputs()).singleElement().isEqualTo(sent);
    assertThat(scenario.events()).isEmpty();
  }

  @Test
  void aContextMissingAnswerToARequestNoLongerPendingIsIgnored() {
    scenario.givenRunning();
    String first = scenario.pendingId();
    scenario.given(scenario.calls("echo", "{}"));
    MachineState before = scenario.state;

    Transition t = scenario.when(new Input.ContextMissing(first, before.epoch(), scenario.tick()));

    assertThat(t.state().awaiting()).isEqualTo(before.awaiting());
    assertThat(scenario.events()).singleElement().isInstanceOf(ResultIgnored.class);
    scenario.thenRequestsNoModel();
  }

  @Test
  void aStaleDeadlineEntryChangesNothing() {
    scenario.givenRunning();
    MachineState before = scenario.state;

    Transition t = scenario.when(new Input.DeadlinePassed("t-1/t0/s9/model", scenario.tick()));

    assertThat(t.state()).isEqualTo(before);
    assertThat(t.outputs()).isEmpty();
  }

  @Test
  void aDuplicateResultIsIgnored() {
    scenario.givenRunning();
    scenario.given(scenario.calls("echo", "{}"));
    Input delivered = scenario.inputs.getLast();

    scenario.when(delivered);

    assertThat(scenario.events()).singleElement().isInstanceOf(ResultIgnored.class);
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
  }

  @Test
  void abortCancelsTheTurnAndBumpsTheEpoch() {
    scenario.givenRunning();

    scenario.when(scenario.abort());

    assertThat(scenario.state.epoch()).isEqualTo(1);
    assertThat(scenario.state.awaiting()).isNull();
    scenario.thenEmits(new TurnCompleted(TurnEnd.ABORTED, 1));
    assertThat(scenario.outputs(Output.ClearDeadline.class)).hasSize(1);
    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void aLateResultOfAnAbortedTurnIsIgnoredAndRecorded() {
    scenario.givenRunning();
    String oldRequest = scenario.pendingId();
    scenario.given(scenario.abort());

    scenario.when(lateReply(oldRequest));

    assertThat(scenario.events())
        .singleElement()
        .isInstanceOfSatisfying(
            ResultIgnored.class,
            r -> {
              assertThat(r.resultEpoch()).isZero();
              assertThat(r.reason()).contains("stale epoch");
            });
  }

  @Test
  void abortOnAnIdleThreadIsANoOpWithAnEvent() {
    scenario.given(scenario.create());

    scenario.when(scenario.abort());

    assertThat(scenario.events())
        .containsExactly(new CommandRejected("cmd-2", "Abort", "no turn in flight"));
    assertThat(scenario.outputs(Output.DeadLetter.class)).isEmpty();
  }

  @Test
  void abortKeepsQueuedWorkWhichStartsTheNextTurn() {
    scenario.given(scenario.create(), scenario.message("go"), scenario.message("queued"));

    scenario.when(scenario.abort());

    assertThat(scenario.state.turn()).isEqualTo(2);
    assertThat(scenario.outputs(Output.RequestModel.class))
        .singleElement()
        .satisfies(r -> assertThat(r.epoch()).isEqualTo(1));
  }

  @Test
  void terminateIsASoftShutdownThatRejectsEveryLaterCommand() {
    scenario.given(scenario.create(), scenario.message("go"), scenario.message("queued"));

    scenario.when(scenario.terminate());

    scenario.thenStatus(Status.TERMINATED);
    assertThat(scenario.state.terminatedAt()).isEqualTo(scenario.now());
    assertThat(scenario.state.epoch()).isEqualTo(1);
    assertThat(scenario.events(ThreadTerminated.class))
        .containsExactly(new ThreadTerminated("done here"));
    assertThat(scenario.events(CommandRejected.class))
        .singleElement()
        .satisfies(r -> assertThat(r.reason()).contains("terminated before this queued work ran"));

    scenario.when(scenario.message("hello?"));
    assertThat(scenario.events())
        .containsExactly(new CommandRejected("cmd-5", "SendMessage", "thread is terminated"));
    assertThat(scenario.outputs(Output.DeadLetter.class)).hasSize(1);

    scenario.when(scenario.terminate());
    assertThat(scenario.events(CommandRejected.class)).hasSize(1);
  }

  @Test
  void aResultArrivingAfterTerminateIsIgnored() {
    scenario.givenRunning();
    String requestId = scenario.pendingId();
    scenario.given(scenario.terminate());

    scenario.when(lateReply(requestId));

    assertThat(scenario.events()).singleElement().isInstanceOf(ResultIgnored.class);
  }

  @Test
  void theDeadlineUsesTheConfiguredTimeout() {
    Scenario quick =
        new Scenario(
            MachineConfig.defaults()
                .withModelTimeout(Duration.ofSeconds(5))
                .withToolTimeout(Duration.ofSeconds(2)));
    quick.givenRunning();

    assertThat(quick.state.awaiting().deadline()).isEqualTo(quick.now().plusSeconds(5));
  }

  /** The model's answer to request {@code requestId} of epoch 0, arriving late. */
  private Input.ModelResultReceived lateReply(String requestId) {
    return new Input.ModelResultReceived(
        requestId,
        0,
        scenario.tick(),
        new Input.ModelReply("late", List.of(), Values.Usage.ZERO, "stop"),
        List.of());
  }
}
