package dev.threadline.topics;

/**
 * The name an agent calls an MCP server's tool by, {@code mcp__<server>__<tool>} — the naming MCP
 * hosts such as Claude Code use, within what model APIs allow in a tool name. The door writes it
 * into agents from what {@code mcp-servers} lists, and the executor dispatches on it: one spelling
 * for both.
 */
public final class McpToolNames {
  private McpToolNames() {}

  public static String callName(String server, String tool) {
    return "mcp__" + server + "__" + tool;
  }
}
