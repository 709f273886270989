package dev.threadline.step.mapping;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Permission;
import dev.threadline.avro.ToolDefinition;
import dev.threadline.avro.ToolRequest;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.SubpromptContext;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Core request outputs → the executors' {@link ModelRequest} and {@link ToolRequest}. */
public final class RequestMapping {
  private RequestMapping() {}

  /**
   * A step request with everything but its messages, which the caller fills in: whole, or reusing
   * what the thread's previous request carried ({@code ModelRequest.reuse}). It carries the agent's
   * hooks, for the executor to run those of a model call (a compaction's carries none, a
   * subprompt's its prompt's own).
   */
  public static ModelRequest.Builder modelRequest(
      MachineState s, Output.RequestModel r, ContextAssembler.Context context) {
    return modelRequest(
            s, r.requestId(), r.epoch(), r.turn(), r.step(), r.attempt(), r.lane(), r.issuedAt())
        .setTurnCall(r.turnCall())
        .setTools(
            new ArrayList<>(
                context.tools().stream()
                    .map(t -> new ToolDefinition(t.name(), t.description(), t.parametersJson()))
                    .toList()))
        .setHooks(new TreeMap<>(s.agent().hooks()))
        .setModel(spec(s.agent().model().at(r.fallback())))
        .setDeadline(r.deadline());
  }

  private static ModelSpec spec(AgentSnapshot.ModelConfig model) {
    return new ModelSpec(model.provider(), model.model(), model.configJson());
  }

  /** A summarization request: instructions and the active window as one transcript, no tools. */
  public static ModelRequest compactionRequest(
      MachineState s, Output.RequestCompaction r, String transcript) {
    return modelRequest(
            s, r.requestId(), r.epoch(), r.turn(), r.step(), r.attempt(), r.lane(), r.issuedAt())
        .setTurnCall(0)
        .setPurpose("compaction")
        .setMessages(
            new ArrayList<>(
                List.of(
                    ValueMapping.message(Message.system(ContextPolicy.COMPACTION_INSTRUCTIONS)),
                    ValueMapping.message(Message.user(InboundMessage.invoke(transcript))))))
        .setTools(new ArrayList<>())
        .setDeadline(r.deadline())
        .build();
  }

  /**
   * A subprompt's one step: its system prompt, the caller's window as its flags allow, the call's
   * message; its own model (or the agent's); no tools.
   */
  public static ModelRequest subpromptRequest(
      MachineState s, Output.RequestSubprompt r, List<Message> window) {
    var model = r.subprompt().model() != null ? r.subprompt().model() : s.agent().model();
    return modelRequest(
            s, r.requestId(), r.epoch(), r.turn(), r.step(), r.attempt(), r.lane(), r.issuedAt())
        .setTurnCall(0)
        .setPurpose("subprompt")
        .setModel(spec(model))
        .setMessages(
            new ArrayList<>(
                SubpromptContext.messages(r.subprompt(), window, r.message(), r.attachments())
                    .stream()
                    .map(ValueMapping::message)
                    .toList()))
        .setTools(new ArrayList<>())
        .setHooks(new TreeMap<>(r.subprompt().hooks()))
        .setDeadline(r.deadline())
        .build();
  }

  /** What every model request carries: who asks, for which call, on which lane and model. */
  private static ModelRequest.Builder modelRequest(
      MachineState s,
      String requestId,
      long epoch,
      int turn,
      int step,
      int attempt,
      Lane lane,
      Instant issuedAt) {
    var model = s.agent().model();
    return ModelRequest.newBuilder()
        .setRequestId(requestId)
        .setThreadId(s.threadId())
        .setTenantId(s.tenantId())
        .setAgentName(s.agent().name())
        .setEpoch(epoch)
        .setTurn(turn)
        .setStep(step)
        .setAttempt(attempt)
        .setGroup(ValueMapping.lane(lane))
        .setModel(spec(model))
        .setMaxOutputTokens(s.agent().context().reservedOutputTokens())
        .setIssuedAt(issuedAt);
  }

  public static ToolRequest toolRequest(MachineState s, Output.RequestTool r) {
    return call(s, r.requestId(), r.attempt(), r.epoch(), r.call(), r.issuedAt(), r.deadline())
        .setTurn(r.turn())
        .setStep(r.step())
        .setHooks(new TreeMap<>(s.agent().hooks()))
        .setUserId(s.turnSender())
        .setToolPermissions(toolPermissions(s.agent()))
        .build();
  }

  /**
   * The function tools of the agent, or the dual_ai side, that speaks, as the thread froze it: what
   * a tool that calls others may call, with which permission (sorted, so a request's bytes do not
   * depend on a map's salt).
   */
  static Map<String, Permission> toolPermissions(dev.threadline.step.core.AgentSnapshot agent) {
    Map<String, Permission> permissions = new TreeMap<>();
    for (var tool : agent.tools()) {
      permissions.put(tool.name(), Permission.valueOf(tool.permission().name()));
    }
    return permissions;
  }

  /**
   * A lifecycle hook's call: the function as the tool, the hook point as the call id, at the
   * thread's turn and step before any turn ran; no hooks of its own.
   */
  public static ToolRequest hookRequest(MachineState s, Output.RequestHook r) {
    return call(s, r.requestId(), r.attempt(), r.epoch(), r.call(), r.issuedAt(), r.deadline())
        .setTurn(s.turn())
        .setStep(s.step())
        .setHooks(new TreeMap<>())
        .setUserId(null)
        .setToolPermissions(new TreeMap<>())
        .build();
  }

  /** A request for {@code call} to the executors, with its thread, ids, time and env. */
  private static ToolRequest.Builder call(
      MachineState s,
      String requestId,
      int attempt,
      long epoch,
      dev.threadline.step.core.Values.ToolCall call,
      java.time.Instant issuedAt,
      java.time.Instant deadline) {
    return ToolRequest.newBuilder()
        .setRequestId(requestId)
        .setThreadId(s.threadId())
        .setTenantId(s.tenantId())
        .setAgentName(s.agent().name())
        .setEpoch(epoch)
        .setAttempt(attempt)
        .setCallId(call.callId())
        .setToolName(call.name())
        .setArgumentsJson(call.argumentsJson())
        .setIssuedAt(issuedAt)
        .setDeadline(deadline)
        .setEventSeq(s.nextEventSeq() - 1)
        .setEnv(ValueMapping.envToAvro(s.agent().env().forTool(call.name(), s.env())));
  }
}
