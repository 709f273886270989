package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.McpServerTool;
import dev.threadline.avro.McpServerTools;
import dev.threadline.ingest.Problem;
import dev.threadline.topics.McpToolNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * An agent's tool entries that name an MCP server, {@code {"mcp": "github", "tools":
 * ["search_issues"], "permission": "ask"}}, made into the entries of each tool, {@code {"name":
 * "mcp__github__search_issues", "permission": "ask", "description": …, "parameters": …}} with the
 * server's description and schema as the executor listed them: the definition holds them as they
 * were when it was written, so a thread never gains or loses a tool while it runs. Without {@code
 * tools}, every tool of the server's the tenant may use. A server that is not registered, a tool it
 * does not offer, or one the operator did not grant the tenant is a 422 naming the entry.
 */
public final class McpToolEntries {
  private static final List<String> OWN_FIELDS =
      List.of("name", "description", "parameters", "env");

  private McpToolEntries() {}

  /** Whether {@code tenant} may use {@code tool}: it is open to all, or granted the tenant. */
  public static boolean mayUse(McpServerTool tool, String tenant) {
    return tool.getTenants() == null || tool.getTenants().contains(tenant);
  }

  /** What agents call {@code tool} of {@code server}. */
  public static String callName(String server, McpServerTool tool) {
    return McpToolNames.callName(server, tool.getName());
  }

  /** {@code body} with its and its side B's MCP entries made into tool entries. */
  public static JsonNode expand(
      JsonNode body, String tenant, Function<String, Optional<McpServerTools>> servers) {
    if (!(body instanceof ObjectNode agent) || !hasMcpEntry(agent) && !hasMcpEntry(side(agent))) {
      return body;
    }
    ObjectNode expanded = agent.deepCopy();
    expandTools(expanded, "", tenant, servers);
    if (side(expanded) instanceof ObjectNode side) {
      expandTools(side, "sideB.", tenant, servers);
    }
    return expanded;
  }

  private static JsonNode side(JsonNode agent) {
    return agent == null ? null : agent.get("sideB");
  }

  private static boolean hasMcpEntry(JsonNode owner) {
    if (owner == null || !(owner.get("tools") instanceof ArrayNode tools)) {
      return false;
    }
    for (JsonNode t : tools) {
      if (t.has("mcp")) {
        return true;
      }
    }
    return false;
  }

  private static void expandTools(
      ObjectNode owner,
      String prefix,
      String tenant,
      Function<String, Optional<McpServerTools>> servers) {
    if (!(owner.get("tools") instanceof ArrayNode tools)) {
      return;
    }
    ArrayNode out = owner.putArray("tools");
    for (int i = 0; i < tools.size(); i++) {
      JsonNode entry = tools.get(i);
      if (entry instanceof ObjectNode e && e.has("mcp")) {
        String field = prefix + "tools[" + i + "]";
        out.addAll(entries(e, field, tenant, servers));
      } else {
        out.add(entry);
      }
    }
  }

  private static List<ObjectNode> entries(
      ObjectNode entry,
      String field,
      String tenant,
      Function<String, Optional<McpServerTools>> servers) {
    for (String own : OWN_FIELDS) {
      if (entry.has(own)) {
        throw Problem.invalid(
            field + "." + own,
            "an MCP entry takes its tools' names, descriptions and schemas from the server:"
                + " leave out name, description, parameters and env");
      }
    }
    if (!entry.get("mcp").isTextual()) {
      throw Problem.invalid(field + ".mcp", "the name of an MCP server (a string)");
    }
    String name = entry.get("mcp").asText();
    McpServerTools server =
        servers
            .apply(name)
            .orElseThrow(
                () ->
                    Problem.invalid(
                        field + ".mcp",
                        "no MCP server '"
                            + name
                            + "' is registered: GET /v1/mcp-servers lists those you may use"));
    if (server.getUnreachable() != null) {
      throw Problem.unavailable(
          "the tools of MCP server '"
              + name
              + "' are not known: the tool executor could not list them ("
              + server.getUnreachable()
              + "); try again once it has");
    }
    List<McpServerTool> chosen = chosen(entry, field, tenant, server);
    List<ObjectNode> made = new ArrayList<>();
    for (McpServerTool tool : chosen) {
      ObjectNode t = Json.MAPPER.createObjectNode().put("name", callName(name, tool));
      if (entry.has("permission")) {
        t.set("permission", entry.get("permission"));
      }
      if (tool.getDescription() != null) {
        t.put("description", tool.getDescription());
      }
      t.set("parameters", Json.parse(tool.getParametersJson()));
      made.add(t);
    }
    return made;
  }

  /** The server's tools the entry names (all the tenant may use, without {@code tools}). */
  private static List<McpServerTool> chosen(
      ObjectNode entry, String field, String tenant, McpServerTools server) {
    JsonNode names = entry.get("tools");
    if (names == null || names.isNull()) {
      List<McpServerTool> usable =
          server.getTools().stream().filter(t -> mayUse(t, tenant)).toList();
      if (usable.isEmpty()) {
        throw Problem.invalid(
            field + ".mcp",
            "the operator has granted you none of MCP server '" + server.getServer() + "''s tools");
      }
      return usable;
    }
    if (!names.isArray() || names.isEmpty()) {
      throw Problem.invalid(field + ".tools", "a non-empty list of the server's tool names");
    }
    List<McpServerTool> chosen = new ArrayList<>();
    for (int j = 0; j < names.size(); j++) {
      String wanted = names.get(j).asText();
      String at = field + ".tools[" + j + "]";
      McpServerTool tool =
          server.getTools().stream()
              .filter(t -> t.getName().equals(wanted))
              .findFirst()
              .orElseThrow(
                  () ->
                      Problem.invalid(
                          at,
                          "MCP server '" + server.getServer() + "' has no tool '" + wanted + "'"));
      if (!mayUse(tool, tenant)) {
        throw Problem.invalid(
            at,
            "the operator has not granted you the tool '"
                + wanted
                + "' of MCP server '"
                + server.getServer()
                + "'");
      }
      chosen.add(tool);
    }
    return chosen;
  }
}
