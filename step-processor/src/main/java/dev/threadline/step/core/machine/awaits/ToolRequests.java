package dev.threadline.step.core.machine.awaits;

import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.step.core.Awaiting.Tool;
import dev.threadline.step.core.Event.ToolCallRequested;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A tool call's request, its whole life (spec §5): sent to the executors — or run by the shell on
 * the thread's stores, answered in the same transaction — and re-issued with the same id after a
 * missed deadline; its result checked against the result limit, and handed on with the ThreadState
 * writes the tool asked for.
 */
public final class ToolRequests {
  private ToolRequests() {}

  /** A request to the executors, re-issued with the same id after a missed deadline. */
  public static Settled issue(Decision d, String requestId, ToolCall call, int attempt) {
    MachineState s = d.state();
    Instant deadline =
        d.at.plus(d.settings.config().deadline(d.settings.config().toolTimeout(), attempt));
    d.await(
        new Tool(requestId, attempt, d.at, deadline, call, d.batch()),
        new Output.RequestTool(
            requestId, attempt, s.epoch(), s.turn(), s.step(), call, d.at, deadline));
    d.emit(
        new ToolCallRequested(requestId, call.callId(), call.name(), call.argumentsJson(), false));
    return Settled.WAITING;
  }

  /** get_value, set_value: the shell runs them on the thread's stores and answers at once. */
  public static Settled runOnStores(Decision d, Started started) {
    d.await(
        new Tool(started.requestId(), 1, d.at, null, started.call(), d.batch()),
        new Output.RunStoreTool(started.requestId(), d.state().epoch(), started.call()));
    return Settled.WAITING;
  }

  public static Settled answered(Decision d, Tool t, Answer answer) {
    return switch (answer) {
      case ToolResultReceived r -> resultArrived(d, t, r);
      case DeadlinePassed p -> {
        d.reissue(t);
        yield issue(d, t.requestId(), t.call(), t.attempt() + 1);
      }
      default -> throw Answers.notOwn(answer, t);
    };
  }

  /** The result, or over the result limit an error saying so (its writes then not applied). */
  private static CallDone resultArrived(Decision d, Tool t, ToolResultReceived r) {
    d.settle();
    Limits limits = d.settings.config().limits();
    long bytes = Utf8.length(r.output()) + Utf8.length(r.error());
    if (bytes > limits.toolResultBytes()) {
      String error =
          Limits.over("the tool's result", bytes, limits.toolResultBytes(), "tool.result.bytes");
      return new CallDone(t.requestId(), t.call(), null, error, r.durationMs());
    }
    return new CallDone(
        t.requestId(), t.call(), r.output(), r.error(), r.durationMs(), r.effects(), placed(r));
  }

  /** The files {@code r} shows that its own writes place: a result shows nothing else. */
  private static List<Attachment> placed(ToolResultReceived r) {
    Set<String> written = Set.copyOf(Arguments.writtenPaths(r.effects()));
    return r.attachments().stream().filter(a -> written.contains(a.path())).toList();
  }
}
