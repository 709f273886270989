package dev.threadline.step.core.machine.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Event.ToolCallCompleted;
import dev.threadline.step.core.Event.ToolCallRequested;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.awaits.Approvals;
import dev.threadline.step.core.machine.awaits.Subprompts;
import dev.threadline.step.core.machine.awaits.ToolRequests;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.Subagents;
import dev.threadline.step.core.machine.tools.ToolRouting.DeclaredSubagent;
import dev.threadline.step.core.machine.tools.ToolRouting.Executor;
import dev.threadline.step.core.machine.tools.ToolRouting.HandOff;
import dev.threadline.step.core.machine.tools.ToolRouting.NeedsApproval;
import dev.threadline.step.core.machine.tools.ToolRouting.Refused;
import dev.threadline.step.core.machine.tools.ToolRouting.Route;
import dev.threadline.step.core.machine.tools.ToolRouting.Session;
import dev.threadline.step.core.machine.tools.ToolRouting.StopTool;
import dev.threadline.step.core.machine.tools.ToolRouting.Store;
import dev.threadline.step.core.machine.tools.ToolRouting.SubagentControl;
import dev.threadline.step.core.machine.tools.ToolRouting.SubpromptCall;
import java.util.List;

/**
 * Tool calls (spec §5): one at a time, in the order given; each result — error or not — persisted
 * before anything else happens. A call goes where {@link ToolRouting} says; tool errors are tool
 * results, never failures of the thread.
 */
public final class ToolCalls {
  static final String SKIPPED = "skipped: session stopped";

  private ToolCalls() {}

  /**
   * Calls the runtime starts (a queued tool, immediate subagents), persisted as the assistant's;
   * {@code commandId} queued them (null: none did).
   */
  public static Settled startBatch(
      Decision d, List<ToolCall> calls, CallBatch batch, String commandId) {
    d.append(Message.assistant(null, calls), commandId);
    return runBatch(d, calls, batch);
  }

  /** Works through {@code calls}, the first now, the rest as results come in. */
  public static Settled runBatch(Decision d, List<ToolCall> calls, CallBatch batch) {
    d.turn.startCalls(calls, batch);
    return runNext(d);
  }

  /** Starts the next remaining call, where {@link ToolRouting} sends it; what happened. */
  public static Settled runNext(Decision d) {
    MachineState s = d.state();
    ToolCall call = s.remainingCalls().getFirst();
    if (s.terminal() != null) {
      // A sessionStop / sessionFail earlier in this reply ended the session: the calls after it
      // do not run, but each still gets its result, or the conversation would be invalid.
      d.turn.takeNextCall(false);
      d.append(Message.toolResult(call, SKIPPED, true));
      return Settled.CALL_SKIPPED;
    }
    int index = d.turn.takeNextCall(true);
    Started started =
        new Started(Ids.toolRequest(s.threadId(), s.turn(), s.step(), index), call, index);
    Route route = ToolRouting.route(s.agent(), call.name());
    if (ToolRouting.isRuntime(route)) {
      d.emit(
          new ToolCallRequested(
              started.requestId(), call.callId(), call.name(), call.argumentsJson(), true));
    }
    return switch (route) {
      case Session r -> SessionTools.run(d, started);
      case DeclaredSubagent r -> Subagents.callDeclared(d, started, r.spec());
      case HandOff r -> Handoffs.handOff(d, started, r.handoff());
      case SubpromptCall r -> Subprompts.call(d, started, r.subprompt());
      case SubagentControl r -> Subagents.control(d, started);
      case Store r -> ToolRequests.runOnStores(d, started);
      case StopTool r -> CallDone.succeeded(started, "{\"stopped\":true}");
      case Refused r -> CallDone.failed(started, r.reason());
      case NeedsApproval r -> Approvals.await(d, started);
      case Executor r -> ToolRequests.issue(d, started.requestId(), call, 1);
    };
  }

  /**
   * Every call of the step that has no result yet gets one, saying {@code why}: the call in flight
   * (with its completion event) and those not started. Before an abort or a termination fences the
   * work off, so the transcript never holds a tool call without its result.
   */
  public static void answerOutstanding(Decision d, String why) {
    MachineState s = d.state();
    CallDone hooked = RuntimeToolHooks.awaitedCall(s);
    if (hooked != null) {
      // It ran, and its hooks never finished: no result of it is stored unhooked.
      persist(d, hooked.failing(why));
      recordStoreWrite(d, hooked);
    }
    if (s.awaiting() instanceof Awaiting.ForCall p) {
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

  /**
   * Spec §5: every result, error or not, is persisted before anything else happens — its writes
   * applied already, or refused into its error.
   */
  public static void persist(Decision d, CallDone c) {
    ToolCall call = c.call();
    String error = c.error();
    String content = error != null ? error : c.output() == null ? "" : c.output();
    d.append(
        Message.toolResult(call, content, error != null, error != null ? List.of() : c.shown()));
    d.emit(new ToolCallCompleted(c.requestId(), call.callId(), call.name(), c.durationMs(), error));
    if (error == null && call.name().equals(d.state().agent().stop().stopTool())) {
      d.turn.stopToolSucceeded(); // only a stop tool that was allowed and succeeded
    }
    if (error == null) {
      recordStoreWrite(d, c);
    }
  }

  /** The shell ran a successful set_value on the store already: the write is recorded here. */
  private static void recordStoreWrite(Decision d, CallDone c) {
    if (c.error() == null && c.call().name().equals(RuntimeTools.SET_VALUE)) {
      JsonNode args = Arguments.parse(c.call().argumentsJson());
      JsonNode value = args.get("value");
      d.writeValue(
          args.path("key").asText(),
          value == null || value.isNull() ? null : value.toString(),
          true);
    }
  }
}
