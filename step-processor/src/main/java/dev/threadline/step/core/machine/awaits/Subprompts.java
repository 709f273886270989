package dev.threadline.step.core.machine.awaits;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.threadline.agents.StepRetries;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Awaiting.ModelPhase;
import dev.threadline.step.core.Event.ModelCallFailed;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.ModelFailure;
import dev.threadline.step.core.Input.ModelOutcome;
import dev.threadline.step.core.Input.ModelReply;
import dev.threadline.step.core.Input.ModelResultReceived;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Subprompt;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.decision.Answers;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Instant;

/**
 * Subprompts (spec §5.3, prompt tools): a prompt in an agent's {@code subprompts} is a tool;
 * calling it runs one model step with the subprompt's own system prompt and model (see {@link
 * dev.threadline.step.core.SubpromptContext} for what it sees), and its answer — shaped by {@code
 * includeTextResponse}, {@code includeToolCalls}, {@code includeErrors} — is the tool's result. The
 * step is a model request like any other: on the caller's lane, re-issued after a missed deadline
 * and never failed for the wait, retried as a new request after a retryable error and its backoff
 * (as many times as a model call), its usage counted and its events emitted. The tool calls its
 * answer asks for are reported, not run.
 */
public final class Subprompts {
  private Subprompts() {}

  public static Settled call(Decision d, Started started, Subprompt subprompt) {
    JsonNode args = Arguments.parse(started.call().argumentsJson());
    if (args == null || !args.isObject()) {
      return CallDone.failed(started, Arguments.notAnObject(started.call()));
    }
    String message = args.path(subprompt.messageProperty()).asText("");
    if (message.isBlank() && !subprompt.includeChat()) {
      return CallDone.failed(
          started,
          "field '"
              + subprompt.messageProperty()
              + "' is required: what to ask "
              + subprompt.name());
    }
    ModelBudgets.Spent spent = ModelBudgets.spent(d);
    if (spent != null) {
      // Its step is a model call like the agent's own: past a spent budget it does not go.
      return CallDone.failed(started, spent.refusal("subprompt " + subprompt.name()));
    }
    issue(d, started.requestId(), started.call(), 1, 0);
    return Settled.WAITING;
  }

  /**
   * Sends (or re-sends, {@code attempt} > 1) the subprompt's model step, after {@code retries}
   * retryable errors.
   */
  static void issue(Decision d, String requestId, ToolCall call, int attempt, int retries) {
    MachineState s = d.state();
    Subprompt subprompt = s.agent().subprompt(call.name()).orElseThrow();
    Instant deadline =
        d.at.plus(d.settings.config().deadline(d.settings.config().modelTimeout(), attempt));
    if (attempt == 1) {
      d.turn.countBudgetCall();
    }
    JsonNode args = Arguments.parse(call.argumentsJson());
    String message = args.path(subprompt.messageProperty()).asText("");
    d.await(
        new Awaiting.Subprompt(
            requestId, attempt, d.at, deadline, call, d.batch(), retries, ModelPhase.IN_FLIGHT),
        new Output.RequestSubprompt(
            requestId,
            attempt,
            s.epoch(),
            s.turn(),
            s.step(),
            subprompt,
            message,
            Arguments.attachments(args, subprompt.initAttachmentsProperty()),
            s.lane(),
            s.contextStartSeq(),
            d.at,
            deadline));
    ModelRequests.requested(
        d, requestId, attempt, modelOf(s.agent(), subprompt), deadline, subprompt.name());
  }

  static AgentSnapshot.ModelConfig modelOf(AgentSnapshot agent, Subprompt subprompt) {
    return subprompt.model() != null ? subprompt.model() : agent.model();
  }

  public static Settled answered(Decision d, Awaiting.Subprompt p, Answer answer) {
    return switch (answer) {
      case ModelResultReceived r -> resultArrived(d, p, r.outcome());
      case DeadlinePassed passed -> {
        deadlinePassed(d, p);
        yield Settled.WAITING;
      }
      default -> throw Answers.notOwn(answer, p);
    };
  }

  /** The subprompt's answer (or failure) arrived. */
  private static Settled resultArrived(Decision d, Awaiting.Subprompt p, ModelOutcome outcome) {
    d.settle();
    Subprompt subprompt = d.state().agent().subprompt(p.call().name()).orElseThrow();
    long millis = d.millisSince(p.issuedAt());
    return switch (ModelRequests.withinLimits(outcome, d.settings.config().limits())) {
      case ModelReply reply -> {
        d.turn.modelAnswered(p.requestId(), reply, millis);
        yield new CallDone(p.requestId(), p.call(), answer(subprompt, reply), null, millis);
      }
      case ModelFailure f -> failed(d, p, subprompt, f);
    };
  }

  private static Settled failed(
      Decision d, Awaiting.Subprompt p, Subprompt subprompt, ModelFailure f) {
    boolean retry = f.retryable() && p.retries() < d.settings.config().maxModelRetries();
    d.emit(new ModelCallFailed(p.requestId(), f.code(), f.message(), f.retryable(), retry));
    if (retry) {
      // Waits out the backoff as a deadline: when it passes, the retry goes.
      d.await(p.backingOff(d.at.plus(ModelRequests.backoff(d, p.retries(), f))), null);
      return Settled.WAITING;
    }
    String error =
        subprompt.includeErrors()
            ? "subprompt " + subprompt.name() + " failed: " + f.code() + ": " + f.message()
            : "subprompt " + subprompt.name() + " failed";
    return new CallDone(p.requestId(), p.call(), null, error, d.millisSince(p.issuedAt()));
  }

  /** The tool result: the answer's text and the calls it asked for, as the flags say. */
  static String answer(Subprompt subprompt, ModelReply reply) {
    String text = reply.text() == null ? "" : reply.text();
    if (!subprompt.includeToolCalls() || reply.toolCalls().isEmpty()) {
      return subprompt.includeTextResponse() ? text : "";
    }
    var result = Arguments.object();
    if (subprompt.includeTextResponse()) {
      result.put("text", text);
    }
    ArrayNode calls = result.putArray("toolCalls");
    for (ToolCall c : reply.toolCalls()) {
      calls.addObject().put("name", c.name()).put("arguments", c.argumentsJson());
    }
    return result.toString();
  }

  /**
   * The deadline passed: the end of a backoff sends the retry, as a new request; a request without
   * an answer yet (lost, or behind others in a busy lane) goes again as it was.
   */
  private static void deadlinePassed(Decision d, Awaiting.Subprompt p) {
    d.settleAtDeadline();
    if (p.phase() == ModelPhase.BACKING_OFF) {
      String retryId = Ids.retry(p.requestId(), p.retries());
      d.emit(
          new StepRetried(
              retryId, p.retries(), "retry after a retryable model error", StepRetries.SUBPROMPT));
      issue(d, retryId, p.call(), 1, p.retries());
      return;
    }
    d.reissue(p);
    issue(d, p.requestId(), p.call(), p.attempt() + 1, p.retries());
  }
}
