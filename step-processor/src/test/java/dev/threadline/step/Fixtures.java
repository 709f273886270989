package dev.threadline.step;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Permission;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.Usage;
import dev.threadline.avro.UserMessage;
import dev.threadline.topics.CommandEnvelope;
import dev.threadline.topics.UserMessages;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Avro records as producers and executors would write them. */
final class Fixtures {
  static final String TENANT = "acme";
  static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

  private Fixtures() {}

  static AgentDefinition agent(String name, int maxSteps) {
    return AgentDefinition.newBuilder()
        .setName(name)
        .setTenantId(TENANT)
        .setModel(new ModelSpec("scripted", null, "{\"provider\":\"scripted\",\"script\":[]}"))
        .setSystemPrompt("You are a test agent for {{threadId}}.")
        .setTools(
            new ArrayList<>(
                List.of(
                    new AgentTool("echo", Permission.ALLOW, "Echo", "{\"type\":\"object\"}"),
                    new AgentTool("search", Permission.ALLOW, null, null))))
        .setSubagents(new ArrayList<>())
        .setStop(new StopConfig(true, null, maxSteps, null))
        .setGroup(ThreadGroup.TASK)
        .setContext(new ContextConfig(null, null))
        .setUpdatedAt(T0)
        .build();
  }

  /** {@code agent} with one non-resumable subagent {@code name} that runs agent {@code runs}. */
  static AgentDefinition withSubagent(AgentDefinition agent, String name, String runs) {
    return AgentDefinition.newBuilder(agent)
        .setSubagents(
            new ArrayList<>(
                List.of(SubagentSpec.newBuilder().setName(name).setAgent(runs).build())))
        .build();
  }

  static ThreadCommand create(String commandId, String threadId, String agentName) {
    return command(
        commandId,
        threadId,
        CreateThread.newBuilder().setAgentName(agentName).setMetadata(Map.of()).build());
  }

  /** {@code command} as tenant {@code tenant}'s. */
  static ThreadCommand inTenant(String tenant, ThreadCommand command) {
    command.setTenantId(tenant);
    return command;
  }

  static ThreadCommand message(String commandId, String threadId, String text) {
    return command(commandId, threadId, userMessage(text));
  }

  static UserMessage userMessage(String text) {
    return UserMessages.text(text);
  }

  static ThreadCommand command(String commandId, String threadId, Object payload) {
    return CommandEnvelope.of(commandId, TENANT, threadId, T0, payload);
  }

  static ModelResult reply(
      String threadId, String requestId, long epoch, String text, ToolCall... calls) {
    return new ModelResult(
        requestId,
        threadId,
        epoch,
        T0,
        new ModelResponse(
            text, new ArrayList<>(List.of(calls)), new Usage(10L, 2L, 0L, 0L), "stop", null, null),
        new java.util.ArrayList<>(),
        false);
  }

  static ModelResult modelError(String threadId, String requestId, long epoch, boolean retryable) {
    return new ModelResult(
        requestId,
        threadId,
        epoch,
        T0,
        new ModelError(retryable ? "rate_limited" : "bad_request", "nope", retryable, null),
        new java.util.ArrayList<>(),
        false);
  }

  static ToolResult toolResult(
      String threadId, String requestId, long epoch, String callId, String output) {
    return new ToolResult(
        requestId,
        threadId,
        epoch,
        callId,
        "echo",
        T0,
        3L,
        output,
        null,
        new ArrayList<>(),
        new java.util.ArrayList<>(),
        false,
        new ArrayList<>());
  }

  static ToolCall call(String id, String name, String args) {
    return new ToolCall(id, name, args);
  }
}
