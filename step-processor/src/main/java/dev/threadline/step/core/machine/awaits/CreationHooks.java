package dev.threadline.step.core.machine.awaits;

import dev.threadline.agents.HookPoint;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.TurnLoop;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.tools.ToolWrites;
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

  public static void answered(Decision d, Awaiting.Hook h, Answer answer) {
    switch (answer) {
      case ToolResultReceived r -> {
        d.settle();
        String refused =
            r.error() != null
                ? r.error()
                : ToolWrites.apply(d, h.requestId(), h.call().name(), r.effects());
        if (refused != null) {
          failed(d, h, refused);
        }
        goOn(d, h);
      }
      case DeadlinePassed p when h.attempt() < d.settings.config().maxAttempts() -> {
        d.emit(new StepRetried(h.requestId(), h.attempt() + 1, Answers.NO_RESULT));
        send(d, h.requestId(), h.call(), h.attempt() + 1);
      }
      case DeadlinePassed p -> {
        d.settleAtDeadline();
        failed(d, h, "no answer after " + h.attempt() + " attempts");
        goOn(d, h);
      }
      default -> throw Answers.notOwn(answer, h);
    }
  }

  /**
   * An abort while a creation hook runs: the hook is fenced (reported) and the thread goes on to
   * its queued work, as after any hook that did not do its part. False when the thread awaits
   * anything else.
   */
  public static boolean abortedBeforeFirstTurn(Decision d) {
    if (!(d.state().awaiting() instanceof Awaiting.Hook h)) {
      return false;
    }
    d.fenceInFlight();
    failed(d, h, "the thread was aborted while it ran");
    TurnLoop.nextOrIdle(d);
    return true;
  }

  /** Whether the thread awaits a creation hook (no turn is open). */
  public static boolean awaited(MachineState s) {
    return s.awaiting() instanceof Awaiting.Hook;
  }

  private static void issue(Decision d, HookPoint point, String inputJson, int attempt) {
    MachineState s = d.state();
    ToolCall call = new ToolCall(point.wire(), s.agent().hooks().get(point.wire()), inputJson);
    send(d, Ids.hook(s.threadId(), point.wire()), call, attempt);
  }

  /** Sends the hook's call, re-issued with the same id after a missed deadline. */
  private static void send(Decision d, String requestId, ToolCall call, int attempt) {
    Instant deadline =
        d.at.plus(d.settings.config().deadline(d.settings.config().toolTimeout(), attempt));
    d.await(new Awaiting.Hook(requestId, attempt, d.at, deadline, call));
    d.output(new Output.RequestHook(requestId, attempt, d.state().epoch(), call, d.at, deadline));
    d.output(new Output.SetDeadline(requestId, deadline));
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

  /** The next creation hook, or the first turn on queued work (or idle). */
  private static void goOn(Decision d, Awaiting.Hook h) {
    if (d.state().status() != Status.RUNNING) {
      return; // its writes ended the thread
    }
    HookPoint next = next(d.state(), HookPoint.valueOf(h.point().toUpperCase(Locale.ROOT)));
    if (next != null) {
      issue(d, next, h.call().argumentsJson(), 1);
    } else {
      TurnLoop.nextOrIdle(d);
    }
  }

  private static void failed(Decision d, Awaiting.Hook h, String why) {
    d.emit(new HookFailed(h.requestId(), h.point(), h.call().name(), why));
  }
}
