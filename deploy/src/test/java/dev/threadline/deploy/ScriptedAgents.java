package dev.threadline.deploy;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Permission;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.UserMessage;
import dev.threadline.topics.Topics;
import dev.threadline.topics.UserMessages;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the in-process pipeline tests write where the ingest would: a scripted agent of tenant acme,
 * as the agent-definitions topic holds it, and a user's message.
 */
final class ScriptedAgents {
  private ScriptedAgents() {}

  /** Agent {@code name} answering with the scripted provider's {@code configJson}. */
  static byte[] agent(Topics topics, String name, String configJson, int maxSteps, boolean echo) {
    return agent(topics, name, configJson, maxSteps, echo ? List.of("echo") : List.of());
  }

  /** Agent {@code name}, allowed to call {@code toolNames} without asking. */
  static byte[] agent(
      Topics topics, String name, String configJson, int maxSteps, List<String> toolNames) {
    List<AgentTool> tools = new ArrayList<>();
    for (String tool : toolNames) {
      tools.add(new AgentTool(tool, Permission.ALLOW, tool, "{\"type\":\"object\"}"));
    }
    AgentDefinition agent =
        AgentDefinition.newBuilder()
            .setName(name)
            .setTenantId("acme")
            .setModel(new ModelSpec("scripted", null, configJson))
            .setTools(tools)
            .setSubagents(new ArrayList<>())
            .setStop(new StopConfig(true, null, maxSteps, null))
            .setGroup(ThreadGroup.TASK)
            .setContext(new ContextConfig(null, null))
            .setUpdatedAt(Instant.now())
            .build();
    return topics.agentDefinitions().serialize(agent);
  }

  static UserMessage message(String text) {
    return UserMessages.text(text);
  }
}
