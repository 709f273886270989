package dev.threadline.step.mapping;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.ToolDefinition;
import dev.threadline.avro.ToolRequest;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import java.util.ArrayList;
import java.util.List;

/** Core request outputs → the executors' {@link ModelRequest} and {@link ToolRequest}. */
public final class RequestMapping {
  private RequestMapping() {}

  public static ModelRequest modelRequest(
      ThreadState s, Output.RequestModel r, ContextAssembler.Context context) {
    var model = s.agent().model();
    return ModelRequest.newBuilder()
        .setRequestId(r.requestId())
        .setThreadId(s.threadId())
        .setTenantId(s.tenantId())
        .setAgentName(s.agent().name())
        .setEpoch(r.epoch())
        .setTurn(r.turn())
        .setStep(r.step())
        .setAttempt(r.attempt())
        .setTurnCall(r.turnCall())
        .setGroup(ValueMapping.lane(r.lane()))
        .setModel(new ModelSpec(model.provider(), model.model(), model.configJson()))
        .setMessages(
            new ArrayList<>(context.messages().stream().map(ValueMapping::message).toList()))
        .setTools(
            new ArrayList<>(
                context.tools().stream()
                    .map(t -> new ToolDefinition(t.name(), t.description(), t.parametersJson()))
                    .toList()))
        .setMaxOutputTokens(s.agent().context().reservedOutputTokens())
        .setIssuedAt(r.issuedAt())
        .setDeadline(r.deadline())
        .build();
  }

  /** A summarization request: instructions and the active window as one transcript, no tools. */
  public static ModelRequest compactionRequest(
      ThreadState s, Output.RequestCompaction r, String transcript) {
    var model = s.agent().model();
    return ModelRequest.newBuilder()
        .setRequestId(r.requestId())
        .setThreadId(s.threadId())
        .setTenantId(s.tenantId())
        .setAgentName(s.agent().name())
        .setEpoch(r.epoch())
        .setTurn(r.turn())
        .setStep(r.step())
        .setAttempt(r.attempt())
        .setTurnCall(0)
        .setGroup(ValueMapping.lane(r.lane()))
        .setPurpose("compaction")
        .setModel(new ModelSpec(model.provider(), model.model(), model.configJson()))
        .setMessages(
            new ArrayList<>(
                List.of(
                    ValueMapping.message(Message.system(ContextPolicy.COMPACTION_INSTRUCTIONS)),
                    ValueMapping.message(Message.user(InboundMessage.invoke(transcript))))))
        .setTools(new ArrayList<>())
        .setMaxOutputTokens(s.agent().context().reservedOutputTokens())
        .setIssuedAt(r.issuedAt())
        .setDeadline(r.deadline())
        .build();
  }

  public static ToolRequest toolRequest(ThreadState s, Output.RequestTool r) {
    return ToolRequest.newBuilder()
        .setRequestId(r.requestId())
        .setThreadId(s.threadId())
        .setTenantId(s.tenantId())
        .setAgentName(s.agent().name())
        .setEpoch(r.epoch())
        .setTurn(r.turn())
        .setStep(r.step())
        .setAttempt(r.attempt())
        .setCallId(r.call().callId())
        .setToolName(r.call().name())
        .setArgumentsJson(r.call().argumentsJson())
        .setIssuedAt(r.issuedAt())
        .setDeadline(r.deadline())
        .build();
  }
}
