package dev.threadline.step.core;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What the shell must do after a transition, in order. */
public sealed interface Output {

  /** Publish a canonical event. */
  record Emit(Event event) implements Output {}

  /** Persist a message in the thread's append-only message store. */
  record AppendMessage(long seq, int turn, int step, Instant at, Message message)
      implements Output {}

  /**
   * Assemble the context (system prompt and messages from {@code contextFromSeq}) and publish a
   * model request on {@code lane}'s topic. {@code turnCall} counts the model calls of the turn from
   * 1, retries after errors included (a deadline re-issue repeats the same call). {@code fallback}:
   * on which of the agent's models ({@code 0}: its own; n: its n-th fallback).
   */
  record RequestModel(
      String requestId,
      int attempt,
      long epoch,
      int turn,
      int step,
      int turnCall,
      Lane lane,
      long contextFromSeq,
      Instant issuedAt,
      Instant deadline,
      int fallback)
      implements Output {}

  /**
   * Publish a subprompt's model step: its own system prompt and model, the caller's window from
   * {@code contextFromSeq} (as its flags allow, see {@link SubpromptContext}) and {@code message}.
   */
  record RequestSubprompt(
      String requestId,
      int attempt,
      long epoch,
      int turn,
      int step,
      Subprompt subprompt,
      String message,
      List<Values.Attachment> attachments,
      Lane lane,
      long contextFromSeq,
      Instant issuedAt,
      Instant deadline)
      implements Output {}

  /** Change the text of the thread's stored message {@code seq} (its other parts stay). */
  record UpdateMessage(long seq, String content) implements Output {}

  /** Publish a tool request for an executor. */
  record RequestTool(
      String requestId,
      int attempt,
      long epoch,
      int turn,
      int step,
      ToolCall call,
      Instant issuedAt,
      Instant deadline)
      implements Output {}

  /**
   * Publish a lifecycle hook's call for an executor: a tool request for the function {@code
   * call.name()}, carrying none of the agent's hooks (a hook's call is not hooked).
   */
  record RequestHook(
      String requestId, int attempt, long epoch, ToolCall call, Instant issuedAt, Instant deadline)
      implements Output {}

  /**
   * Run a runtime tool that needs the shell's stores ({@code get_value} / {@code set_value}) and
   * feed its result back at once as a {@link Input.ToolResultReceived}.
   */
  record RunStoreTool(String requestId, long epoch, ToolCall call) implements Output {}

  /**
   * Put the file a tool's executor staged ({@code staged}, in the thread's folder) at {@code path}
   * of the thread: a tool's {@code writeFile}, placed with its result.
   */
  record PlaceFile(String staged, String path) implements Output {}

  /** Write {@code key} of the thread's key-value store ({@code valueJson} null: delete it). */
  record WriteValue(String key, String valueJson) implements Output {}

  /** Index {@code requestId} to be checked at {@code deadline}. */
  record SetDeadline(String requestId, Instant deadline) implements Output {}

  /** Drop the index entry of {@code requestId} at {@code deadline}. */
  record ClearDeadline(String requestId, Instant deadline) implements Output {}

  /**
   * Store a durable timer that feeds {@code action} back as an {@code EffectFired} at {@code
   * fireAt}, with the {@code recurrence} it recurs on (null: none).
   */
  record SetTimer(String effectId, Instant fireAt, Queued action, Recurrence recurrence)
      implements Output {}

  /**
   * Start thread {@code threadId} (a {@code CreateThread} command keyed by its id) running {@code
   * agent} with {@code env}, its first message {@code message}: a firing of a cron that starts a
   * thread each time.
   */
  record StartThread(
      String threadId,
      String agentName,
      AgentSnapshot agent,
      Map<String, Env.Value> env,
      Values.InboundMessage message,
      Map<String, String> metadata)
      implements Output {}

  /** Remove the timer of {@code effectId}. */
  record CancelTimer(String effectId) implements Output {}

  /** Remove every timer of the thread: it has ended, and nothing it scheduled may fire. */
  record CancelAllTimers() implements Output {}

  /**
   * Create {@code newThreadId} as a fork of this thread at its event {@code atSeq} (a {@code
   * CreateFork} command keyed by it, then the {@code ForkSeed} commands that carry {@code messages}
   * and {@code values}, as many as the record size needs): running this thread's agent, with its
   * env and metadata.
   */
  record ForkThread(
      String newThreadId,
      String agentName,
      AgentSnapshot agent,
      Map<String, Env.Value> env,
      Map<String, String> metadata,
      long atSeq,
      List<Values.Message> messages,
      Map<String, String> values)
      implements Output {
    public ForkThread {
      env = Forks.sorted(env);
      metadata = Forks.sorted(metadata);
      messages = List.copyOf(messages);
      values = Forks.sorted(values);
    }
  }

  /**
   * Create a child thread (a {@code CreateThread} command keyed by the child's id) running {@code
   * agent}, the definition frozen with its parent (and the parent's team), with the env it inherits
   * or is given (secrets sealed) and the metadata its thread is created with.
   */
  record SpawnChild(
      String childThreadId,
      AgentSnapshot agent,
      ParentRef parent,
      String message,
      List<Values.Attachment> attachments,
      Map<String, Env.Value> env,
      Map<String, String> metadata)
      implements Output {
    public SpawnChild {
      attachments = List.copyOf(attachments);
      env = Map.copyOf(env);
      metadata = Map.copyOf(metadata);
    }
  }

  /**
   * Report to the parent thread (a {@code ChildUpdate} command keyed by the parent's id). With a
   * {@code replySeq}, the content is the text of that message of this thread (the shell reads it
   * from the message store; the state never holds it), or {@code content} if it cannot be read.
   */
  record NotifyParent(
      String parentThreadId,
      ChildReport kind,
      String status,
      String content,
      List<Values.Attachment> attachments,
      long replySeq)
      implements Output {
    public NotifyParent {
      attachments = List.copyOf(attachments);
    }

    public NotifyParent(
        String parentThreadId,
        ChildReport kind,
        String status,
        String content,
        List<Values.Attachment> attachments) {
      this(parentThreadId, kind, status, content, attachments, 0);
    }

    public NotifyParent(String parentThreadId, ChildReport kind, String status, String content) {
      this(parentThreadId, kind, status, content, List.of(), 0);
    }
  }

  /** Terminate a child thread (a {@code Terminate} command keyed by the child's id). */
  record TerminateChild(String childThreadId, String reason) implements Output {}

  /** Delete a child thread (a {@code DeleteThread} command keyed by the child's id). */
  record DeleteChild(String childThreadId, String reason) implements Output {}

  /**
   * Remove what the thread holds beside its state: messages, queued items, key-value store, timers,
   * frozen agent and files. Its state stays, as the tombstone the transition leaves.
   */
  record EraseThread() implements Output {}

  /**
   * Send more work, and files, to a resumable child (a {@code SubagentMessage} command); {@code
   * asSideB}: its subagent entry says {@code receives_messages: side_b}.
   */
  record MessageChild(
      String childThreadId, String text, List<Values.Attachment> attachments, boolean asSideB)
      implements Output {
    public MessageChild {
      attachments = List.copyOf(attachments);
    }

    public MessageChild(String childThreadId, String text) {
      this(childThreadId, text, List.of(), false);
    }

    public MessageChild(String childThreadId, String text, List<Values.Attachment> attachments) {
      this(childThreadId, text, attachments, false);
    }
  }

  /**
   * Ask a model to summarize the active window (messages from {@code fromSeq}) into a continuation
   * artifact: a model request with purpose compaction.
   */
  record RequestCompaction(
      String requestId,
      int attempt,
      long epoch,
      int turn,
      int step,
      Lane lane,
      long fromSeq,
      Instant issuedAt,
      Instant deadline)
      implements Output {}

  /**
   * Build the continuation artifact by rule from the messages since {@code fromSeq} and feed it
   * back at once as a {@link Input.RuleBuiltContinuation}.
   */
  record BuildContinuationByRule(String requestId, long epoch, long fromSeq) implements Output {}

  /** Persist the frozen agent snapshot (once, at creation). */
  record StoreAgent(AgentSnapshot agent) implements Output {}

  /** Copy the input command to the dead-letter topic with this reason. */
  record DeadLetter(String reason) implements Output {}
}
