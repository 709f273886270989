package dev.threadline.step.mapping;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.ToolDefinition;
import dev.threadline.avro.ToolRequest;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ThreadState;
import java.util.ArrayList;

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
