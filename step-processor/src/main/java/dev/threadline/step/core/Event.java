package dev.threadline.step.core;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.QueuedKind;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.Usage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One canonical event of a thread's log. {@code seq} is gap-free per thread, from 1; events about
 * commands that are not part of any thread's log (an unknown thread, another tenant) carry seq 0.
 */
public record Event(long seq, int turn, int step, long epoch, Instant at, Payload payload) {

  /** The event types. */
  public sealed interface Payload {}

  public record ThreadCreated(
      String agentName, String parentThreadId, String childName, Map<String, String> metadata)
      implements Payload {
    public ThreadCreated {
      metadata = Map.copyOf(metadata);
    }
  }

  public record TurnStarted(Trigger trigger, Lane lane) implements Payload {}

  /** {@code commandId}: the command whose message or queued tool this is; null for the rest. */
  public record MessageAppended(long messageSeq, Message message, String commandId)
      implements Payload {}

  /** A tool changed the text of stored message {@code messageSeq} to {@code content}. */
  public record MessageUpdated(long messageSeq, String content) implements Payload {}

  /**
   * {@code commandId}'s work offered to the queue; {@code joined}, for a chore that joined one
   * already queued or a will that replaced one, that one's command (else null).
   */
  public record MessageQueued(QueuedKind kind, int queueLength, String commandId, String joined)
      implements Payload {
    public MessageQueued(QueuedKind kind, int queueLength, String commandId) {
      this(kind, queueLength, commandId, null);
    }
  }

  public record ModelCallRequested(
      String requestId,
      int attempt,
      String provider,
      String model,
      Lane lane,
      int messageCount,
      Instant deadline,
      String subprompt)
      implements Payload {}

  /** The model answered: what it used, why it stopped, how many tool calls it asked for. */
  public record ModelCallCompleted(
      String requestId, Usage usage, String finishReason, int toolCallCount, long durationMs)
      implements Payload {}

  /** The model call failed; {@code willRetry}: the thread tries again after a backoff. */
  public record ModelCallFailed(
      String requestId, String code, String message, boolean retryable, boolean willRetry)
      implements Payload {}

  /**
   * A tool call was asked of the executors or, when {@code runtime}, is run by the step processor
   * itself.
   */
  public record ToolCallRequested(
      String requestId, String callId, String toolName, String argumentsJson, boolean runtime)
      implements Payload {}

  /** A tool call ended; {@code error} is null when it succeeded. */
  public record ToolCallCompleted(
      String requestId, String callId, String toolName, long durationMs, String error)
      implements Payload {}

  public record TurnCompleted(TurnEnd reason, int steps) implements Payload {}

  public record StatusChanged(Status from, Status to) implements Payload {}

  /**
   * A call sent again: after no result by its deadline ({@code StepRetries.LOST_RESULT}, a
   * recovery), after a retryable model error, or to a fallback model.
   *
   * @param model for a call that falls back, the model it goes to ({@code provider/model}); else
   *     null
   * @param awaiting what the thread was waiting for ({@code StepRetries}: model, tool, hook,
   *     subprompt, compaction)
   */
  public record StepRetried(
      String requestId, int attempt, String reason, String model, String awaiting)
      implements Payload {
    public StepRetried(String requestId, int attempt, String reason, String awaiting) {
      this(requestId, attempt, reason, null, awaiting);
    }
  }

  /**
   * The thread spent budget {@code budget} ({@code used} of {@code limit}): its next model call,
   * {@code requestId}, waits until {@code resumesAt}.
   */
  public record BudgetReached(
      String requestId, String budget, long limit, long used, Instant resumesAt)
      implements Payload {}

  public record ResultIgnored(String requestId, long resultEpoch, String reason)
      implements Payload {}

  public record CommandRejected(String commandId, String commandType, String reason)
      implements Payload {}

  public record ThreadTerminated(String reason) implements Payload {}

  /** The thread's last event: what it held was removed; readers forget it. */
  public record ThreadDeleted(String reason) implements Payload {}

  public record StatusReported(String status, String detailJson) implements Payload {}

  /** A variable of the env set or removed; {@code value} is a text variable's, never a secret's. */
  public record EnvChanged(String name, boolean secret, String value, boolean removed)
      implements Payload {}

  /** An event a tool emitted on its thread's log ({@code ThreadState.emit}). */
  public record CustomEvent(String name, String dataJson) implements Payload {}

  public record ValueChanged(String key, String valueJson) implements Payload {}

  /** A handoff: the thread's agent is now {@code toAgent}, the conversation kept. */
  public record AgentHandedOff(String fromAgent, String toAgent) implements Payload {}

  /** A child thread started; {@code blocking}: the parent's tool call waits for its result. */
  public record SubagentCreated(
      String childThreadId, String name, String subagentName, String agentName, boolean blocking)
      implements Payload {
    public SubagentCreated(
        String childThreadId, String name, String subagentName, String agentName) {
      this(childThreadId, name, subagentName, agentName, false);
    }
  }

  /** The parent sent more work to resumable child {@code name} (subagent_message). */
  public record SubagentMessaged(String childThreadId, String name, int attachments)
      implements Payload {}

  /** A hook of the agent's did not do its part for request {@code requestId} (it went on). */
  public record HookFailed(String requestId, String hook, String function, String message)
      implements Payload {}

  /** A subagent held back for missing variables, until its request {@code requestId} is met. */
  public record SubagentVariablesRequired(
      String requestId,
      String subagent,
      String agent,
      String childName,
      List<Env.Variable> variables)
      implements Payload {
    public SubagentVariablesRequired {
      variables = List.copyOf(variables);
    }
  }

  /** Variables request {@code requestId} was met: its subagent started as {@code childThreadId}. */
  public record SubagentVariablesProvided(String requestId, String childThreadId)
      implements Payload {}

  public record ChildStatusUpdated(String childThreadId, ChildReport kind, String status)
      implements Payload {}

  public record CompactionStarted(String requestId, CompactionTrigger trigger, long tokensBefore)
      implements Payload {}

  public record CompactionCompleted(long tokensBefore, long tokensAfter, boolean byRule)
      implements Payload {}

  /** {@code recurrence}: the schedule it recurs on, or null when it fires once. */
  public record EffectScheduled(String effectId, Instant fireAt, String kind, Recurrence recurrence)
      implements Payload {}

  public record EffectCancelled(String effectId) implements Payload {}

  /** {@code startedThreadId}: the thread a cron that starts one each time started, or null. */
  public record EffectFired(String effectId, String startedThreadId) implements Payload {
    public EffectFired(String effectId) {
      this(effectId, null);
    }
  }

  public record ApprovalRequested(
      String requestId, String callId, String toolName, String argumentsJson) implements Payload {}

  /**
   * {@code commandId}: the decision's command; null when the deadline decided. {@code
   * argumentsJson}: what the approver edited the call's arguments to; null: as the model wrote
   * them.
   */
  public record ApprovalDecided(
      String callId, boolean approved, String reason, String commandId, String argumentsJson)
      implements Payload {
    public ApprovalDecided(String callId, boolean approved, String reason, String commandId) {
      this(callId, approved, reason, commandId, null);
    }
  }

  /** The thread was forked into {@code toThreadId} at its event {@code atSeq}. */
  public record ThreadForked(
      String toThreadId, long atSeq, long atMessageSeq, int copied, String commandId)
      implements Payload {}

  /**
   * This thread, a fork of {@code fromThreadId} at its event {@code atSeq}, holds what it copied.
   */
  public record ForkSeeded(String fromThreadId, long atSeq, int copied, int values)
      implements Payload {}

  /** {@code changes}: each entry set to its value, or removed when null. */
  public record MetadataChanged(Map<String, String> changes, String commandId) implements Payload {}

  public record RunDeleted(String runId, String commandId) implements Payload {}

  /**
   * The thread goes on from its state after message {@code atMessageSeq}: a new window opens at
   * {@code firstMessageSeq}, and the next {@code copied} messages appended are copies of the old
   * window's messages up to that one.
   */
  public record ThreadBranched(
      long atMessageSeq, long firstMessageSeq, int copied, String commandId) implements Payload {}
}
