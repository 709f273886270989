package dev.threadline.ingest.mcp;

import static dev.threadline.ingest.mcp.JsonRpc.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.ingest.kafka.CommandLog;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;

/**
 * A tenant's agents as MCP tools: each agent exposed as a tool ({@code exposeAsTool}, as a parent
 * agent may run it) is a tool of its name, described by its {@code toolDescription} (else its
 * {@code description}), that takes the message to send ({@code input}) and, to go on with a
 * conversation, the thread an earlier call answered from ({@code threadId}).
 */
@ApplicationScoped
public class AgentTools {
  private final CommandLog log;

  public AgentTools(CommandLog log) {
    this.log = log;
  }

  /** {@code tools/list}'s result: the tenant's agents by name, all on one page. */
  ObjectNode list(String tenant) {
    ObjectNode result = JSON.createObjectNode();
    ArrayNode tools = result.putArray("tools");
    log.agents().list(tenant).stream()
        .filter(AgentDefinition::getExposeAsTool)
        .sorted(Comparator.comparing(AgentDefinition::getName))
        .forEach(agent -> tools.add(tool(agent)));
    return result;
  }

  /**
   * The agent {@code name} names when the tenant may call it as a tool; a protocol error if not.
   */
  AgentDefinition named(String tenant, String name) {
    return log.agent(tenant, name)
        .filter(AgentDefinition::getExposeAsTool)
        .orElseThrow(() -> new JsonRpc.Error(JsonRpc.INVALID_PARAMS, "Unknown tool: " + name));
  }

  private static ObjectNode tool(AgentDefinition agent) {
    String description =
        agent.getToolDescription() == null || agent.getToolDescription().isBlank()
            ? agent.getDescription()
            : agent.getToolDescription();
    ObjectNode tool =
        JSON.createObjectNode()
            .put("name", agent.getName())
            .put(
                "description",
                description == null || description.isBlank()
                    ? "Runs the Threadline agent '" + agent.getName() + "' and answers its reply."
                    : description);
    ObjectNode input = tool.putObject("inputSchema").put("type", "object");
    ObjectNode properties = input.putObject("properties");
    properties
        .putObject("input")
        .put("type", "string")
        .put("description", "the message to the agent");
    properties
        .putObject("threadId")
        .put("type", "string")
        .put(
            "description",
            "the thread an earlier call answered from, to go on with that conversation;"
                + " a new thread when absent");
    input.putArray("required").add("input");
    input.put("additionalProperties", false);
    ObjectNode output = tool.putObject("outputSchema").put("type", "object");
    ObjectNode fields = output.putObject("properties");
    fields.putObject("answer").put("type", "string");
    fields.putObject("threadId").put("type", "string");
    fields.putObject("runId").put("type", "string");
    fields.putObject("status").put("type", "string");
    output.putArray("required").add("threadId").add("runId").add("status");
    return tool;
  }
}
