package dev.threadline.step.core.machine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.CallKind;
import dev.threadline.step.core.Event.ToolCallCompleted;
import dev.threadline.step.core.Event.ToolCallRequested;
import dev.threadline.step.core.Event.ValueChanged;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.PendingCall;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.ToolRouting.DeclaredSubagent;
import dev.threadline.step.core.machine.ToolRouting.Executor;
import dev.threadline.step.core.machine.ToolRouting.HandOff;
import dev.threadline.step.core.machine.ToolRouting.NeedsApproval;
import dev.threadline.step.core.machine.ToolRouting.Refused;
import dev.threadline.step.core.machine.ToolRouting.Route;
import dev.threadline.step.core.machine.ToolRouting.Session;
import dev.threadline.step.core.machine.ToolRouting.StopTool;
import dev.threadline.step.core.machine.ToolRouting.Store;
import dev.threadline.step.core.machine.ToolRouting.SubagentControl;
import dev.threadline.step.core.machine.ToolRouting.SubpromptCall;
import java.time.Instant;
import java.util.List;

/**
 * Tool calls (spec §5): one at a time, in the order given; each result — error or not — persisted
 * before anything else happens. A call goes where {@link ToolRouting} says; tool errors are tool
 * results, never failures of the thread.
 */
final class ToolCalls {
  static final String SKIPPED = "skipped: session stopped";

  private ToolCalls() {}

  /** A call as started: its request id and its index in the step. */
  record Started(String requestId, ToolCall call, int index) {}

  /**
   * Calls the runtime starts (a queued tool, immediate subagents), persisted as the assistant's.
   */
  static void startBatch(Decision d, List<ToolCall> calls, CallBatch batch) {
    d.append(Message.assistant(null, calls));
    runBatch(d, calls, batch);
  }

  /** Works through {@code calls}, the first now, the rest as results come in. */
  static void runBatch(Decision d, List<ToolCall> calls, CallBatch batch) {
    d.batch(batch);
    d.edit(b -> b.remainingCalls = calls);
    runNext(d);
  }

  /** Starts the next remaining call; runtime tools complete at once. */
  static void runNext(Decision d) {
    ThreadState s = d.state();
    ToolCall call = s.remainingCalls().getFirst();
    if (s.terminal() != null) {
      // A sessionStop / sessionFail earlier in this reply ended the session: the calls after it
      // do not run, but each still gets its result, or the conversation would be invalid.
      d.edit(b -> b.remainingCalls = b.remainingCalls.subList(1, b.remainingCalls.size()));
      d.append(Message.toolResult(call, SKIPPED, true));
      d.afterwards(TurnLoop::afterCall);
      return;
    }
    int index = s.callIndex();
    d.edit(
        b -> {
          b.remainingCalls = b.remainingCalls.subList(1, b.remainingCalls.size());
          b.callIndex = index + 1;
        });
    Started started =
        new Started(Ids.toolRequest(s.threadId(), s.turn(), s.step(), index), call, index);
    Route route = ToolRouting.route(s.agent(), call.name());
    if (ToolRouting.isRuntime(route)) {
      d.emit(
          new ToolCallRequested(
              started.requestId(), call.callId(), call.name(), call.argumentsJson(), true));
    }
    switch (route) {
      case Session r -> SessionTools.run(d, started);
      case DeclaredSubagent r -> Subagents.handOff(d, started, r.spec());
      case HandOff r -> Handoffs.handOff(d, started, r.handoff());
      case SubpromptCall r -> Subprompts.call(d, started, r.subprompt());
      case SubagentControl r -> Subagents.control(d, started);
      case Store r -> {
        d.await(PendingCall.tool(started.requestId(), 1, d.at, null, call, d.batch()));
        d.output(new Output.RunStoreTool(started.requestId(), d.state().epoch(), call));
      }
      case StopTool r -> succeed(d, started, "{\"stopped\":true}");
      case Refused r -> fail(d, started, r.reason());
      case NeedsApproval r -> Approvals.await(d, started);
      case Executor r -> issue(d, started.requestId(), call, 1);
    }
  }

  /** A request to the executors, re-issued with the same id after a missed deadline. */
  static void issue(Decision d, String requestId, ToolCall call, int attempt) {
    ThreadState s = d.state();
    Instant deadline =
        d.at.plus(d.rules.config().deadline(d.rules.config().toolTimeout(), attempt));
    d.await(PendingCall.tool(requestId, attempt, d.at, deadline, call, d.batch()));
    d.output(
        new Output.RequestTool(
            requestId, attempt, s.epoch(), s.turn(), s.step(), call, d.at, deadline));
    d.output(new Output.SetDeadline(requestId, deadline));
    d.emit(
        new ToolCallRequested(requestId, call.callId(), call.name(), call.argumentsJson(), false));
  }

  static void resultArrived(Decision d, ToolResultReceived r) {
    PendingCall p = d.answered(CallKind.TOOL, r.requestId(), r.epoch());
    if (p == null) {
      return;
    }
    d.clearPending();
    d.batch(p.batch());
    Limits limits = d.rules.config().limits();
    long bytes = Utf8.length(r.output()) + Utf8.length(r.error());
    if (bytes > limits.toolResultBytes()) {
      String error =
          Limits.over("the tool's result", bytes, limits.toolResultBytes(), "tool.result.bytes");
      complete(d, p.requestId(), p.call(), null, error, r.durationMs());
      return;
    }
    String refused =
        r.error() == null ? ToolWrites.apply(d, p.requestId(), p.call().name(), r.effects()) : null;
    if (refused != null) {
      complete(d, p.requestId(), p.call(), null, "invalid_writes: " + refused, r.durationMs());
      return;
    }
    complete(d, p.requestId(), p.call(), r.output(), r.error(), r.durationMs());
  }

  /**
   * Every call of the step that has no result yet gets one, saying {@code why}: the call in flight
   * (with its completion event) and those not started. Before an abort or a termination fences the
   * work off, so the transcript never holds a tool call without its result.
   */
  static void answerOutstanding(Decision d, String why) {
    ThreadState s = d.state();
    PendingCall p = s.pending();
    if (p != null && p.call() != null) {
      ToolCall call = p.call();
      d.append(Message.toolResult(call, why, true));
      d.emit(
          new ToolCallCompleted(
              p.requestId(), call.callId(), call.name(), d.millisSince(p.issuedAt()), why));
    }
    for (ToolCall call : s.remainingCalls()) {
      d.append(Message.toolResult(call, why, true));
    }
  }

  static void succeed(Decision d, Started started, String output) {
    complete(d, started.requestId(), started.call(), output, null, 0);
  }

  /** The call ends with an error result the model reads (refusals, bad arguments, limits). */
  static void fail(Decision d, Started started, String error) {
    complete(d, started.requestId(), started.call(), null, error, 0);
  }

  /** Spec §5: every result, error or not, is persisted before anything else happens. */
  static void complete(
      Decision d, String requestId, ToolCall call, String output, String error, long durationMs) {
    String content = error != null ? error : output == null ? "" : output;
    d.append(Message.toolResult(call, content, error != null));
    d.emit(new ToolCallCompleted(requestId, call.callId(), call.name(), durationMs, error));
    if (error == null && call.name().equals(d.state().agent().stop().stopTool())) {
      d.edit(b -> b.stopToolCalled = true); // only a stop tool that was allowed and succeeded
    }
    if (error == null && call.name().equals(RuntimeTools.SET_VALUE)) {
      JsonNode args = Arguments.parse(call.argumentsJson());
      JsonNode value = args.get("value");
      d.emit(
          new ValueChanged(
              args.path("key").asText(),
              value == null || value.isNull() ? null : value.toString()));
    }
    d.afterwards(TurnLoop::afterCall); // a loop, not recursion, through many calls
  }
}
