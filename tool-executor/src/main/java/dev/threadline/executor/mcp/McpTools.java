package dev.threadline.executor.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools of the MCP servers the operator registered ({@link McpServerSettings}), listed through
 * {@code tools/list} when the executor starts and again whenever a server says its list changed
 * ({@link ListedMcpServer}). A server that cannot be reached then is logged and left out — the
 * executor serves its other tools, and an agent naming one of the missing ones gets {@code
 * unknown_tool} — rather than keeping every tenant's executor down.
 */
public final class McpTools {
  private static final Logger LOG = LoggerFactory.getLogger(McpTools.class);

  private McpTools() {}

  /** Each registered server, listed. */
  public static List<ListedMcpServer> from(Map<String, String> settings, Map<String, String> env) {
    List<ListedMcpServer> servers = new ArrayList<>();
    for (McpServerSettings server : McpServerSettings.from(settings, env)) {
      servers.add(new ListedMcpServer(server));
    }
    return servers;
  }

  static McpListing list(McpConnection connection) {
    try {
      return listing(connection, connection.tools());
    } catch (RuntimeException e) {
      LOG.error(
          "MCP server '{}' left out: its tools could not be listed: {}",
          connection.server().name(),
          e.getMessage());
      connection.close();
      return new McpListing(connection.server(), List.of(), Optional.of(e.getMessage()));
    }
  }

  /** The server's {@code listed} tools, each a tool of the executor's unless its name cannot be. */
  static McpListing listing(McpConnection connection, List<McpSchema.Tool> listed) {
    List<McpTool> tools = new ArrayList<>();
    for (var tool : listed) {
      McpTool offered = new McpTool(connection, tool);
      if (offered.name().matches("[A-Za-z0-9_-]{1,64}")) {
        tools.add(offered);
      } else {
        LOG.warn("MCP tool '{}' left out: model APIs refuse that tool name", offered.name());
      }
    }
    LOG.info("MCP server '{}': {} tools", connection.server().name(), tools.size());
    return new McpListing(connection.server(), tools, Optional.empty());
  }
}
