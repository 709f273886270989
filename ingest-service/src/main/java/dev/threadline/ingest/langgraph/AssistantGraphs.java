package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;

/**
 * What an assistant is made of, as LangGraph's {@code GET /assistants/{id}/schemas} and {@code
 * /graph} tell it, derived from the agent: its input and state are messages, and its graph is the
 * step loop — the agent's model node, each tool, subagent and handoff a node it may go to and (but
 * for a handoff, which hands the thread on) come back from.
 */
final class AssistantGraphs {
  private AssistantGraphs() {}

  static ObjectNode schemas(AgentDefinition agent) {
    ObjectNode schemas = JSON.createObjectNode().put("graph_id", agent.getName());
    ObjectNode input = schemas.putObject("input_schema").put("type", "object");
    input.put("title", "Input");
    input.putObject("properties").set("messages", messages());
    input.putArray("required").add("messages");
    ObjectNode state = JSON.createObjectNode().put("type", "object").put("title", "State");
    state.putObject("properties").set("messages", messages());
    schemas.set("state_schema", state);
    schemas.set("output_schema", state.deepCopy().put("title", "Output"));
    schemas.putObject("config_schema").put("type", "object").putObject("properties");
    schemas.putNull("context_schema");
    return schemas;
  }

  private static ObjectNode messages() {
    ObjectNode messages = JSON.createObjectNode().put("type", "array").put("title", "Messages");
    ObjectNode message = messages.putObject("items").put("type", "object");
    ObjectNode fields = message.putObject("properties");
    fields.putObject("type").put("type", "string");
    fields.putObject("content");
    fields.putObject("id").put("type", "string");
    message.putArray("required").add("content");
    return messages;
  }

  static ObjectNode graph(AgentDefinition agent) {
    ObjectNode graph = JSON.createObjectNode();
    ArrayNode nodes = graph.putArray("nodes");
    ArrayNode edges = graph.putArray("edges");
    nodes.addObject().put("id", "__start__").put("type", "schema").put("data", "__start__");
    nodes
        .addObject()
        .put("id", "agent")
        .put("type", "runnable")
        .putObject("data")
        .put("name", agent.getName())
        .put("kind", "model");
    nodes.addObject().put("id", "__end__").put("type", "schema").put("data", "__end__");
    edge(edges, "__start__", "agent", false);
    agent.getTools().forEach(t -> roundTrip(nodes, edges, t.getName(), "tool"));
    agent
        .getSubagents()
        .forEach(s -> roundTrip(nodes, edges, s.getName(), "subagent").put("agent", s.getAgent()));
    agent
        .getHandoffs()
        .forEach(
            h -> {
              node(nodes, h.getAgent(), "handoff");
              edge(edges, "agent", h.getAgent(), true);
            });
    edge(edges, "agent", "__end__", true);
    return graph;
  }

  /** A node the agent goes to and comes back from; its data, to say more of it. */
  private static ObjectNode roundTrip(ArrayNode nodes, ArrayNode edges, String name, String kind) {
    ObjectNode data = node(nodes, name, kind);
    edge(edges, "agent", name, true);
    edge(edges, name, "agent", false);
    return data;
  }

  private static ObjectNode node(ArrayNode nodes, String name, String kind) {
    return nodes
        .addObject()
        .put("id", name)
        .put("type", "runnable")
        .putObject("data")
        .put("name", name)
        .put("kind", kind);
  }

  private static void edge(ArrayNode edges, String source, String target, boolean conditional) {
    edges.addObject().put("source", source).put("target", target).put("conditional", conditional);
  }
}
