package dev.threadline.step.core.machine;

import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.ToolEffect;
import java.util.List;

/**
 * What happened, as each kind of wait and each tool route reports it: the value they return instead
 * of going on themselves. Only {@link TurnLoop#on} reads it and decides what follows, so the answer
 * to "an answer arrived: what happens next?" is one switch.
 */
public sealed interface Settled {
  /** The thread waits for what it now awaits, or nothing further follows from this input. */
  Settled WAITING = new Waiting();

  /** Between turns: queued work starts the next turn, else the thread goes idle. */
  Settled BETWEEN_TURNS = new BetweenTurns();

  /** The next step: the queue drained into the context, then the step's model call. */
  Settled NEXT_STEP = new NextStep();

  /** A call of the batch has its result without running (the session stopped before it). */
  Settled CALL_SKIPPED = new CallSkipped();

  /** See {@link #WAITING}. */
  record Waiting() implements Settled {}

  /** See {@link #BETWEEN_TURNS}. */
  record BetweenTurns() implements Settled {}

  /** See {@link #NEXT_STEP}. */
  record NextStep() implements Settled {}

  /**
   * The step's model call backed off after a retryable error, and the backoff ended: the queue is
   * drained into the context, then the call goes again — on model {@code fallback}, after {@code
   * retries} errors — unless a queued tool or the immediate subagents take the turn over first.
   */
  record RetryStep(int fallback, int retries) implements Settled {}

  /** See {@link #CALL_SKIPPED}. */
  record CallSkipped() implements Settled {}

  /**
   * The model answered, its reply persisted: its tool calls run, or without any, the stop rules.
   */
  record Replied(List<ToolCall> toolCalls) implements Settled {}

  /**
   * A tool call has its result ({@code error} non-null: an error result the model reads); {@code
   * writes} are the ThreadState writes it asked for, applied with it or not at all; {@code shown}
   * the files of those writes the result shows (an MCP tool's images), which go with its message.
   */
  record CallDone(
      String requestId,
      ToolCall call,
      String output,
      String error,
      long durationMs,
      List<ToolEffect> writes,
      List<Attachment> shown)
      implements Settled {
    public CallDone {
      writes = List.copyOf(writes);
      shown = List.copyOf(shown);
    }

    public CallDone(String requestId, ToolCall call, String output, String error, long durationMs) {
      this(requestId, call, output, error, durationMs, List.of(), List.of());
    }

    public static CallDone succeeded(Started started, String output) {
      return new CallDone(started.requestId(), started.call(), output, null, 0);
    }

    /** The call ends with an error result the model reads (refusals, bad arguments, limits). */
    public static CallDone failed(Started started, String error) {
      return new CallDone(started.requestId(), started.call(), null, error, 0);
    }

    /** The same call, its output {@code output} instead. */
    public CallDone withOutput(String output) {
      return new CallDone(requestId, call, output, null, durationMs, writes, shown);
    }

    /** The same call, its result the error {@code error} instead, its writes not applied. */
    public CallDone failing(String error) {
      return new CallDone(requestId, call, null, error, durationMs);
    }
  }

  /**
   * The hook run as {@code call} (its id the hook point) answered {@code output} ({@code error}
   * non-null: it failed), asking for {@code writes}; what follows — its writes, then the next
   * creation hook or the first turn, or the hooked message stored — is the driver's.
   */
  record HookRan(
      String requestId, ToolCall call, String output, String error, List<ToolEffect> writes)
      implements Settled {}

  /**
   * A message the turn takes from its queue has been through the agent's create hooks: it joins the
   * turn as they left it, then the step goes on.
   */
  record MessageHooked(dev.threadline.step.core.Queued.QueuedMessage message) implements Settled {}

  /**
   * A call the step processor ran has been through the agent's tool hooks: its result, as they left
   * it, is stored, then the turn goes on.
   */
  record ToolHooked(CallDone done) implements Settled {}

  /** The turn ends for {@code reason}. */
  record TurnOver(TurnEnd reason) implements Settled {}
}
