package dev.threadline.step.core;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.Usage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Everything that can happen to a thread. Each input carries the time it is processed at. */
public sealed interface Input {
  Instant at();

  /** An input from a {@code ThreadCommand}: carries the command id and the caller's tenant. */
  sealed interface Command extends Input {
    String commandId();

    String tenantId();
  }

  /**
   * An input whose business is what a running thread awaits ({@link Awaiting}): matched against it
   * in one place, and ignored — the way its kind says — when it answers nothing.
   */
  sealed interface Answer extends Input {}

  /** An answer from an executor about request {@code requestId} of epoch {@code epoch}. */
  sealed interface Result extends Answer {
    String requestId();

    long epoch();
  }

  /**
   * Create the thread. {@code agent} is the definition to freeze, or null when the named agent does
   * not exist (the command is then rejected).
   */
  record CreateThread(
      String commandId,
      String tenantId,
      String threadId,
      Instant at,
      String agentName,
      AgentSnapshot agent,
      InboundMessage message,
      Map<String, String> metadata,
      ParentRef parent,
      Map<String, Env.Value> env)
      implements Command {
    public CreateThread {
      env = Map.copyOf(env);
    }
  }

  /**
   * A child thread reports to its parent: {@code status} is the child's status text; {@code
   * content} the terminal payload or the notification.
   */
  record ChildUpdate(
      String commandId,
      String tenantId,
      Instant at,
      String childThreadId,
      ChildReport kind,
      String status,
      String content,
      List<Values.Attachment> attachments)
      implements Command, Answer {
    public ChildUpdate {
      attachments = List.copyOf(attachments);
    }
  }

  /** A user / queued / steering message. */
  record SendMessage(
      String commandId, String tenantId, Instant at, InboundMessage message, Delivery delivery)
      implements Command {}

  /** A tool call queued by a producer. */
  record QueueTool(String commandId, String tenantId, Instant at, String name, String argumentsJson)
      implements Command {}

  record Abort(String commandId, String tenantId, Instant at, String reason) implements Command {}

  record Terminate(String commandId, String tenantId, Instant at, String reason)
      implements Command {}

  /** Delete the thread and its descendants, terminating it first if it has not ended. */
  record DeleteThread(String commandId, String tenantId, Instant at, String reason)
      implements Command {}

  /**
   * Queue {@code action} into the thread at {@code fireAt} (a durable timer), and again at each
   * time of {@code recurrence} when it recurs (null: once); {@code otherTimers} is how many other
   * effects the thread holds (from the shell's timer store).
   */
  record ScheduleEffect(
      String commandId,
      String tenantId,
      Instant at,
      String effectId,
      Instant fireAt,
      Queued action,
      Recurrence recurrence,
      int otherTimers)
      implements Command {}

  /** Cancel a scheduled effect; {@code scheduled} says whether the timer store holds it. */
  record CancelEffect(
      String commandId, String tenantId, Instant at, String effectId, boolean scheduled)
      implements Command {}

  /**
   * Approve or deny the tool call waiting for approval. {@code requestId} and {@code epoch}, when
   * given (from the {@code ApprovalRequested} event), fence the decision to that very request;
   * {@code argumentsJson}, when given, approves the call with those arguments (the approver's
   * edit).
   */
  record ApprovalDecision(
      String commandId,
      String tenantId,
      Instant at,
      String callId,
      boolean approve,
      String reason,
      String requestId,
      Long epoch,
      String argumentsJson)
      implements Command, Answer {}

  /** Compact the active window now (manual compaction). */
  record Compact(String commandId, String tenantId, Instant at, String reason) implements Command {}

  /** Set variable {@code name} of the thread's env to {@code value}; null removes it. */
  record SetEnv(String commandId, String tenantId, Instant at, String name, Env.Value value)
      implements Command {}

  /**
   * Completes variables request {@code requestId}: its held-back subagent starts with {@code env}.
   */
  record ProvideVariables(
      String commandId, String tenantId, Instant at, String requestId, Map<String, Env.Value> env)
      implements Command {
    public ProvideVariables {
      env = Map.copyOf(env);
    }
  }

  /** Set {@code key} of the thread's key-value store to {@code valueJson}; null deletes it. */
  record SetValue(String commandId, String tenantId, Instant at, String key, String valueJson)
      implements Command {}

  /** The continuation artifact the shell built by rule after the summarizer failed. */
  record RuleBuiltContinuation(String requestId, long epoch, Instant at, String text)
      implements Answer {}

  /**
   * Go on from the thread's state after its message {@code atMessageSeq} (0: before its first):
   * {@code prefix} is its active window's messages up to that one, as the shell read them (none
   * when the seq is outside the window); {@code message}, when given, is sent on the new branch (an
   * edited message resent), else the model answers the prefix again (an answer regenerated).
   */
  record Branch(
      String commandId,
      String tenantId,
      Instant at,
      long atMessageSeq,
      InboundMessage message,
      List<Values.Message> prefix)
      implements Command {
    public Branch {
      prefix = List.copyOf(prefix);
    }
  }

  /** Fork this thread ({@link Forks}): where from, and what the shell read of it to copy. */
  record Fork(String commandId, String tenantId, Instant at, Forks.Point point, Forks.Copy copy)
      implements Command {}

  /** Create this thread as the fork {@code birth} describes, written by the thread forked. */
  record CreateFork(
      String commandId, String tenantId, String threadId, Instant at, Forks.Birth birth)
      implements Command {}

  /** A seed of the fork this thread is: copies to append and values to write, in order. */
  record ForkSeed(String commandId, String tenantId, Instant at, Forks.Seed seed)
      implements Command {}

  /** Append {@code messages} to an idle thread's conversation, no turn run. */
  record AppendMessages(
      String commandId, String tenantId, Instant at, List<Values.Message> messages)
      implements Command {}

  /** Change the thread's metadata: each entry set, or removed when its value is null. */
  record SetMetadata(String commandId, String tenantId, Instant at, Map<String, String> changes)
      implements Command {}

  /** Forget one of the thread's ended runs, for its readers. */
  record DeleteRun(String commandId, String tenantId, Instant at, String runId)
      implements Command {}

  /** A command this version of the step processor does not handle; it is rejected, not lost. */
  record Unsupported(String commandId, String tenantId, Instant at, String commandType)
      implements Command {}

  /** A scheduled effect fired; {@code recurrence}: the schedule it recurs on, or null. */
  record EffectFired(String effectId, Instant at, Queued action, Recurrence recurrence)
      implements Input {}

  /**
   * A model answered (or failed) request {@code requestId}; {@code hookFailures}: the agent's hooks
   * that did not do their part for it.
   */
  record ModelResultReceived(
      String requestId,
      long epoch,
      Instant at,
      ModelOutcome outcome,
      List<Values.HookFailure> hookFailures)
      implements Result {
    public ModelResultReceived {
      hookFailures = List.copyOf(hookFailures);
    }
  }

  sealed interface ModelOutcome {}

  /**
   * @param providerItems what the provider needs sent back with this answer on later calls (JSON
   *     keyed by provider kind), kept with the assistant message; null when nothing
   */
  record ModelReply(
      String text, List<ToolCall> toolCalls, Usage usage, String finishReason, String providerItems)
      implements ModelOutcome {
    public ModelReply {
      toolCalls = List.copyOf(toolCalls);
    }

    public ModelReply(String text, List<ToolCall> toolCalls, Usage usage, String finishReason) {
      this(text, toolCalls, usage, finishReason, null);
    }
  }

  /** {@code retryAfter}: how long the provider asked to be left alone before a retry, or null. */
  record ModelFailure(String code, String message, boolean retryable, Duration retryAfter)
      implements ModelOutcome {
    public ModelFailure(String code, String message, boolean retryable) {
      this(code, message, retryable, null);
    }
  }

  /** A tool finished request {@code requestId}; {@code error} is null on success. */
  record ToolResultReceived(
      String requestId,
      long epoch,
      Instant at,
      String output,
      String error,
      long durationMs,
      List<Values.ToolEffect> effects,
      List<Values.HookFailure> hookFailures,
      List<Values.Attachment> attachments)
      implements Result {
    public ToolResultReceived {
      effects = List.copyOf(effects);
      hookFailures = List.copyOf(hookFailures);
      attachments = List.copyOf(attachments);
    }

    /** A result that shows no files. */
    public ToolResultReceived(
        String requestId,
        long epoch,
        Instant at,
        String output,
        String error,
        long durationMs,
        List<Values.ToolEffect> effects,
        List<Values.HookFailure> hookFailures) {
      this(requestId, epoch, at, output, error, durationMs, effects, hookFailures, List.of());
    }
  }

  /**
   * The executor could not serve model request {@code requestId}: it did not hold the messages the
   * request reused from the thread's previous one ({@code ModelRequest.reuse}). Not a model error:
   * the request goes again, whole.
   */
  record ContextMissing(String requestId, long epoch, Instant at) implements Result {}

  /** The deadline of request {@code requestId} passed without a result. */
  record DeadlinePassed(String requestId, Instant at) implements Answer {}
}
