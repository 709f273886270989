package dev.threadline.step.core.machine.awaits;

import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.step.core.Awaiting.Tool;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Event.ToolCallRequested;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.tools.ToolCalls;
import dev.threadline.step.core.machine.tools.ToolCalls.Started;
import dev.threadline.step.core.machine.tools.ToolWrites;
import java.time.Instant;

/**
 * A tool call's request, its whole life (spec §5): sent to the executors — or run by the shell on
 * the thread's stores, answered in the same transaction — and re-issued with the same id after a
 * missed deadline; its result checked against the result limit and its ThreadState writes applied
 * with it, all or none.
 */
public final class ToolRequests {
  private ToolRequests() {}

  /** A request to the executors, re-issued with the same id after a missed deadline. */
  public static void issue(Decision d, String requestId, ToolCall call, int attempt) {
    MachineState s = d.state();
    Instant deadline =
        d.at.plus(d.settings.config().deadline(d.settings.config().toolTimeout(), attempt));
    d.await(new Tool(requestId, attempt, d.at, deadline, call, d.batch()));
    d.output(
        new Output.RequestTool(
            requestId, attempt, s.epoch(), s.turn(), s.step(), call, d.at, deadline));
    d.output(new Output.SetDeadline(requestId, deadline));
    d.emit(
        new ToolCallRequested(requestId, call.callId(), call.name(), call.argumentsJson(), false));
  }

  /** get_value, set_value: the shell runs them on the thread's stores and answers at once. */
  public static void runOnStores(Decision d, Started started) {
    d.await(new Tool(started.requestId(), 1, d.at, null, started.call(), d.batch()));
    d.output(new Output.RunStoreTool(started.requestId(), d.state().epoch(), started.call()));
  }

  public static void answered(Decision d, Tool t, Answer answer) {
    d.batch(t.batch());
    switch (answer) {
      case ToolResultReceived r -> resultArrived(d, t, r);
      case DeadlinePassed p -> {
        d.emit(new StepRetried(t.requestId(), t.attempt() + 1, Answers.NO_RESULT));
        issue(d, t.requestId(), t.call(), t.attempt() + 1);
      }
      default -> throw Answers.notOwn(answer, t);
    }
  }

  private static void resultArrived(Decision d, Tool t, ToolResultReceived r) {
    d.settle();
    Limits limits = d.settings.config().limits();
    long bytes = Utf8.length(r.output()) + Utf8.length(r.error());
    if (bytes > limits.toolResultBytes()) {
      String error =
          Limits.over("the tool's result", bytes, limits.toolResultBytes(), "tool.result.bytes");
      ToolCalls.complete(d, t.requestId(), t.call(), null, error, r.durationMs());
      return;
    }
    String refused =
        r.error() == null ? ToolWrites.apply(d, t.requestId(), t.call().name(), r.effects()) : null;
    if (refused != null) {
      ToolCalls.complete(
          d, t.requestId(), t.call(), null, "invalid_writes: " + refused, r.durationMs());
      return;
    }
    ToolCalls.complete(d, t.requestId(), t.call(), r.output(), r.error(), r.durationMs());
  }
}
