package dev.threadline.step.core;

import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Values.ToolCall;
import java.time.Instant;

/**
 * What a running thread waits for: at most one call is in flight per thread (spec §11), and every
 * answer — a result, a deadline, a decision, a child's report, a rule-built artifact — is matched
 * against it in one place ({@code Decision.awaited}). Each kind holds only its own fields; a kind
 * that can wait in two ways names the way in its {@code phase}.
 */
public sealed interface Awaiting {
  /** Stable across re-issues of the same call; an answer must name it. */
  String requestId();

  /** When the call was issued (its latest issue, for a re-issued one). */
  Instant issuedAt();

  /** When to act if no answer came (re-issue, retry, deny, give up), or null: no deadline. */
  Instant deadline();

  /** A wait for a request that goes again, the same, when its deadline passes without an answer. */
  sealed interface Reissued extends Awaiting {
    /** 1 for the first issue, +1 per re-issue after a missed deadline. */
    int attempt();
  }

  /** A wait that belongs to one tool call of the step, whose result it will be. */
  sealed interface ForCall extends Awaiting {
    ToolCall call();

    CallBatch batch();
  }

  /**
   * The step's model call.
   *
   * @param attempt 1 for the first issue, +1 per re-issue after a missed deadline
   * @param retries retryable model errors already met in this step, on its current model
   * @param fallback which model the call is on: the agent's ({@code 0}) or its n-th fallback
   */
  record Model(
      String requestId,
      int attempt,
      Instant issuedAt,
      Instant deadline,
      int retries,
      ModelPhase phase,
      int fallback)
      implements Reissued {

    public Model(
        String requestId,
        int attempt,
        Instant issuedAt,
        Instant deadline,
        int retries,
        ModelPhase phase) {
      this(requestId, attempt, issuedAt, deadline, retries, phase, 0);
    }

    /** The call failed retryably: nothing is in flight until its retry, due at {@code retryAt}. */
    public Model backingOff(Instant retryAt) {
      return new Model(
          requestId, attempt, issuedAt, retryAt, retries + 1, ModelPhase.BACKING_OFF, fallback);
    }
  }

  /** How a model call waits. */
  enum ModelPhase {
    /** The request is out; its deadline is when it is re-issued. */
    IN_FLIGHT,
    /** It failed retryably; its deadline is when the retry goes, as a new request. */
    BACKING_OFF,
    /**
     * It is not issued yet: the thread spent its model-call budget, and its deadline is when the
     * budget's hour ends and the call goes.
     */
    WAITING_FOR_BUDGET
  }

  /**
   * A tool call: a request to the executors, re-issued after its deadline — or, without a deadline,
   * run by the shell on the thread's stores and answered in the same transaction.
   */
  record Tool(
      String requestId,
      int attempt,
      Instant issuedAt,
      Instant deadline,
      ToolCall call,
      CallBatch batch)
      implements ForCall, Reissued {
    public boolean runsOnStores() {
      return deadline == null;
    }
  }

  /**
   * A tool call with permission ask, waiting for a decision (until its deadline, if it has one).
   */
  record Approval(
      String requestId, Instant issuedAt, Instant deadline, ToolCall call, CallBatch batch)
      implements ForCall {}

  /**
   * A subprompt's model step for tool call {@code call}, waiting as a model call does: re-issued
   * after a missed deadline, never failed for the wait; after a retryable error it backs off, and
   * the retry is a new request.
   *
   * @param attempt 1 for the first issue, +1 per re-issue after a missed deadline
   * @param retries retryable model errors already met in this call
   * @param phase {@link ModelPhase#IN_FLIGHT} or {@link ModelPhase#BACKING_OFF}
   */
  record Subprompt(
      String requestId,
      int attempt,
      Instant issuedAt,
      Instant deadline,
      ToolCall call,
      CallBatch batch,
      int retries,
      ModelPhase phase)
      implements ForCall, Reissued {

    /** The step failed retryably: nothing is in flight until its retry, due at {@code retryAt}. */
    public Subprompt backingOff(Instant retryAt) {
      return new Subprompt(
          requestId, attempt, issuedAt, retryAt, call, batch, retries + 1, ModelPhase.BACKING_OFF);
    }
  }

  /**
   * A blocking subagent's call: it waits for the result of child {@code childThreadId} (named
   * {@code childName}), without a deadline (a child's session may take long); an abort or a
   * termination ends the wait.
   */
  record Child(
      String requestId,
      Instant issuedAt,
      ToolCall call,
      CallBatch batch,
      String childThreadId,
      String childName)
      implements ForCall {
    @Override
    public Instant deadline() {
      return null;
    }
  }

  /**
   * A lifecycle hook's function, run by an executor before the thread's first turn: {@code call}
   * holds the hook point as its id, the function as its name and the hook's input as its arguments.
   * Re-issued with the same id after a missed deadline, given up (and reported) after the last
   * attempt; the thread's queued work waits for it.
   */
  record Hook(String requestId, int attempt, Instant issuedAt, Instant deadline, ToolCall call)
      implements Reissued {
    /** The hook point, e.g. {@code after_thread_created}. */
    public String point() {
      return call.callId();
    }
  }

  /**
   * A summarization request compacting the active window.
   *
   * @param manual a {@code Compact} command asked for it, between turns
   */
  record Compaction(
      String requestId,
      int attempt,
      Instant issuedAt,
      Instant deadline,
      boolean manual,
      CompactionPhase phase)
      implements Reissued {

    /** The summarizer failed: the artifact is built by rule and arrives in this transaction. */
    public Compaction buildingByRule() {
      return new Compaction(
          requestId, attempt, issuedAt, null, manual, CompactionPhase.BUILDING_BY_RULE);
    }
  }

  /** How a compaction waits. */
  enum CompactionPhase {
    /** The summarization request is out; its deadline is when it is re-issued. */
    SUMMARIZING,
    /** The summarizer failed or never answered; the shell builds the artifact by rule. */
    BUILDING_BY_RULE
  }
}
