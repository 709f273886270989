package dev.threadline.step.core.machine.awaits;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.HookPoint;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.HookRan;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Instant;
import java.util.Locale;

/**
 * The hooks of a thread's creation, before its first turn: {@code after_thread_created} for every
 * thread, then {@code after_subagent_created} for a subagent, each the function its agent names. An
 * executor runs the function as a tool with the thread's {@code ThreadState}; its writes are
 * applied as a tool's are (all or none), and what it answers is not read. The creation's message,
 * and whatever arrives meanwhile, waits in the queue; when the hooks are done the first turn starts
 * on it. A hook that fails, writes what a tool may not, or has no answer after the last attempt is
 * a {@link HookFailed} event and the thread goes on as if it were not there.
 */
public final class CreationHooks {
  private CreationHooks() {}

  /**
   * Runs the first creation hook the thread's agent names, with {@code inputJson} as its input,
   * {@code first} (the creation's message, or null) queued behind it. False when the agent names
   * none: nothing was done.
   */
  public static boolean start(Decision d, String inputJson, Queued first) {
    HookPoint point = next(d.state(), null);
    if (point == null) {
      return false;
    }
    if (first != null) {
      d.queue.putFirst(first);
    }
    d.changeStatus(Status.RUNNING);
    issue(d, point, inputJson, 1);
    return true;
  }

  /** A hook's answer, or its deadline — a creation hook's or a message's (QueuedMessageHooks). */
  public static Settled answered(Decision d, Awaiting.Hook h, Answer answer) {
    return switch (answer) {
      case ToolResultReceived r -> {
        d.settle();
        yield new HookRan(h.requestId(), h.call(), r.output(), r.error(), r.effects());
      }
      case DeadlinePassed p when h.attempt() < d.settings.config().maxAttempts() -> {
        d.reissue(h);
        send(d, h.requestId(), h.call(), h.attempt() + 1);
        yield Settled.WAITING;
      }
      case DeadlinePassed p -> {
        d.settleAtDeadline();
        yield new HookRan(
            h.requestId(),
            h.call(),
            null,
            "no answer after " + h.attempt() + " attempts",
            java.util.List.of());
      }
      default -> throw Answers.notOwn(answer, h);
    };
  }

  /**
   * The hook that {@code call} ran (its id the hook point) is done, its writes applied — or not
   * ({@code failure} non-null: why it did not do its part): the next creation hook, or the first
   * turn on queued work (or idle).
   */
  public static Settled ran(Decision d, String requestId, ToolCall call, String failure) {
    if (failure != null) {
      failed(d, requestId, call, failure);
    }
    if (d.state().status() != Status.RUNNING) {
      return Settled.WAITING; // its writes ended the thread
    }
    HookPoint next = next(d.state(), HookPoint.valueOf(call.callId().toUpperCase(Locale.ROOT)));
    if (next == null) {
      return Settled.BETWEEN_TURNS;
    }
    issue(d, next, call.argumentsJson(), 1);
    return Settled.WAITING;
  }

  /**
   * An abort while a creation hook runs: the hook is fenced (reported) and the thread goes on
   * between turns, to its queued work, as after any hook that did not do its part. False when the
   * thread awaits anything else.
   */
  public static boolean abortedBeforeFirstTurn(Decision d) {
    if (!awaited(d.state())) {
      return false;
    }
    Awaiting.Hook h = (Awaiting.Hook) d.state().awaiting();
    d.fenceInFlight();
    failed(d, h.requestId(), h.call(), "the thread was aborted while it ran");
    return true;
  }

  /**
   * Whether the turn waits for a create hook on the message of {@code commandId} (queued until its
   * hooks are done): nothing may join that message meanwhile, or the hook's answer would replace
   * what joined it.
   */
  public static boolean hooksMessage(MachineState s, String commandId) {
    if (!(s.awaiting() instanceof Awaiting.Hook h)) {
      return false;
    }
    return h.requestId()
            .equals(
                Ids.messageHook(
                    s.threadId(), HookPoint.BEFORE_CREATE_MESSAGE.wire(), s.turn(), commandId))
        || h.requestId()
            .equals(
                Ids.messageHook(
                    s.threadId(), HookPoint.AFTER_CREATE_MESSAGE.wire(), s.turn(), commandId));
  }

  /** The call of the hook the thread awaits — any kind's — or null when it awaits no hook. */
  public static ToolCall awaitedHook(MachineState s) {
    return s.awaiting() instanceof Awaiting.Hook h ? h.call() : null;
  }

  /** Whether the thread awaits a creation hook (no turn is open). */
  public static boolean awaited(MachineState s) {
    return s.awaiting() instanceof Awaiting.Hook h
        && (h.call().callId().equals(HookPoint.AFTER_THREAD_CREATED.wire())
            || h.call().callId().equals(HookPoint.AFTER_SUBAGENT_CREATED.wire()));
  }

  private static void issue(Decision d, HookPoint point, String inputJson, int attempt) {
    MachineState s = d.state();
    ToolCall call = new ToolCall(point.wire(), s.agent().hooks().get(point.wire()), inputJson);
    send(d, Ids.hook(s.threadId(), point.wire()), call, attempt);
  }

  /** Sends the hook's call, re-issued with the same id after a missed deadline. */
  public static void send(Decision d, String requestId, ToolCall call, int attempt) {
    Instant deadline =
        d.at.plus(d.settings.config().deadline(d.settings.config().toolTimeout(), attempt));
    d.await(
        new Awaiting.Hook(requestId, attempt, d.at, deadline, call),
        new Output.RequestHook(requestId, attempt, d.state().epoch(), call, d.at, deadline));
  }

  /**
   * Sends hook {@code point}'s call on what request {@code input.requestId} gave (a runtime tool's
   * result, a compaction's continuation), {@code input} its arguments.
   */
  public static void sendOn(Decision d, String point, ObjectNode input) {
    ToolCall call = new ToolCall(point, d.state().agent().hooks().get(point), input.toString());
    send(d, Ids.hookOn(input.path("requestId").asText(), point), call, 1);
  }

  /** Whether the thread's agent names a function for hook {@code point}. */
  public static boolean names(Decision d, String point) {
    return d.state().agent().hooks().containsKey(point);
  }

  /** The next creation hook after {@code done} (null: none ran yet) the agent names, or null. */
  private static HookPoint next(MachineState s, HookPoint done) {
    var hooks = s.agent().hooks();
    if (done == null && hooks.containsKey(HookPoint.AFTER_THREAD_CREATED.wire())) {
      return HookPoint.AFTER_THREAD_CREATED;
    }
    boolean child = s.parent() != null;
    return done != HookPoint.AFTER_SUBAGENT_CREATED
            && child
            && hooks.containsKey(HookPoint.AFTER_SUBAGENT_CREATED.wire())
        ? HookPoint.AFTER_SUBAGENT_CREATED
        : null;
  }

  /**
   * The hook {@code call} ran (its id the hook point, its name the function) did not do its part.
   */
  private static void failed(Decision d, String requestId, ToolCall call, String why) {
    d.emit(new HookFailed(requestId, call.callId(), call.name(), why));
  }
}
