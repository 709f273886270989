package dev.threadline.executor;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Role;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolDefinition;
import dev.threadline.avro.ToolRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Requests as the step processor writes them. */
public final class Requests {
  public static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

  private Requests() {}

  public static ModelRequest model(
      String threadId, String provider, String configJson, int turnCall, Instant deadline) {
    return ModelRequest.newBuilder()
        .setRequestId(threadId + "/t1/s" + turnCall + "/model")
        .setThreadId(threadId)
        .setTenantId("acme")
        .setAgentName("helper")
        .setEpoch(0)
        .setTurn(1)
        .setStep(turnCall)
        .setAttempt(1)
        .setTurnCall(turnCall)
        .setGroup(ThreadGroup.TASK)
        .setModel(new ModelSpec(provider, null, configJson))
        .setMessages(
            new ArrayList<>(
                List.of(
                    ChatMessage.newBuilder().setRole(Role.SYSTEM).setContent("be brief").build(),
                    ChatMessage.newBuilder().setRole(Role.USER).setContent("hi").build())))
        .setTools(new ArrayList<>(List.of(new ToolDefinition("echo", null, null))))
        .setIssuedAt(T0)
        .setDeadline(deadline)
        .build();
  }

  public static ToolRequest tool(
      String threadId, String name, String argumentsJson, Instant deadline) {
    return ToolRequest.newBuilder()
        .setRequestId(threadId + "/t1/s1/c0")
        .setThreadId(threadId)
        .setTenantId("acme")
        .setAgentName("helper")
        .setEpoch(0)
        .setTurn(1)
        .setStep(1)
        .setAttempt(1)
        .setCallId("call-1")
        .setToolName(name)
        .setArgumentsJson(argumentsJson)
        .setIssuedAt(T0)
        .setDeadline(deadline)
        .build();
  }

  /** The context of a call of request {@code requestId} that reads and writes no thread. */
  public static dev.threadline.executor.tools.ToolContext context(String requestId) {
    return new dev.threadline.executor.tools.ToolContext(
        requestId,
        "t1",
        "t-1",
        "a",
        null,
        T0,
        null,
        java.util.Map.of(),
        null,
        (p, t, m) -> {},
        dev.threadline.executor.tools.TenantStore.NONE);
  }
}
