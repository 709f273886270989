package dev.threadline.executor.mcp;

import dev.threadline.executor.tools.Tool;
import java.util.List;
import java.util.Optional;

/**
 * One registered MCP server as the executor listed it: the tools it offers, or why they could not
 * be listed (then none).
 */
public record McpListing(
    McpServerSettings server, List<McpTool> tools, Optional<String> unreachable) {
  public McpListing {
    tools = List.copyOf(tools);
  }

  /** The server's tools as the executor runs them. */
  public List<Tool> offered() {
    return List.copyOf(tools);
  }
}
