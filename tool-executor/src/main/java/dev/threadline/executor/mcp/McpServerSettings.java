package dev.threadline.executor.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One MCP server the operator registered: how to reach it — a command the executor runs and speaks
 * to over stdio, or a Streamable HTTP URL with a bearer token read from an environment variable —
 * whether its tools' {@code readOnlyHint} is believed, and how long a call may take. Tenants never
 * name a command or a URL: they name the tools these servers offer.
 *
 * <pre>
 * threadline.mcp.servers=everything,github
 * threadline.mcp.everything.command=npx -y @modelcontextprotocol/server-everything
 * threadline.mcp.github.url=https://api.githubcopilot.com/mcp/
 * threadline.mcp.github.token.env=GITHUB_TOKEN
 * threadline.mcp.github.trusted=true
 * threadline.mcp.github.timeout.ms=60000
 * </pre>
 */
public record McpServerSettings(
    String name,
    List<String> command,
    String url,
    String token,
    boolean trusted,
    Duration timeout) {
  public static final String SERVERS = "threadline.mcp.servers";

  /** The servers {@code settings} list, each checked; {@code env} holds their tokens. */
  public static List<McpServerSettings> from(
      Map<String, String> settings, Map<String, String> env) {
    List<McpServerSettings> servers = new ArrayList<>();
    for (String name : settings.getOrDefault(SERVERS, "").split(",")) {
      if (!name.isBlank()) {
        servers.add(one(name.strip(), settings, env));
      }
    }
    return servers;
  }

  private static McpServerSettings one(
      String name, Map<String, String> settings, Map<String, String> env) {
    if (!name.matches("[a-z0-9-]{1,32}")) {
      throw new IllegalArgumentException(
          SERVERS + ": '" + name + "' must be 1-32 of a-z 0-9 - (it is part of its tools' names)");
    }
    String prefix = "threadline.mcp." + name + ".";
    String command = settings.getOrDefault(prefix + "command", "").strip();
    String url = settings.getOrDefault(prefix + "url", "").strip();
    if (command.isEmpty() == url.isEmpty()) {
      throw new IllegalArgumentException(
          "MCP server '" + name + "' needs one of " + prefix + "command or " + prefix + "url");
    }
    String tokenVariable = settings.get(prefix + "token.env");
    String token = tokenVariable == null ? null : env.get(tokenVariable);
    if (tokenVariable != null && (token == null || token.isBlank())) {
      throw new IllegalArgumentException(
          prefix + "token.env names " + tokenVariable + ", which is not set");
    }
    return new McpServerSettings(
        name,
        command.isEmpty() ? List.of() : Arrays.asList(command.split("\\s+")),
        url.isEmpty() ? null : url,
        token,
        Boolean.parseBoolean(settings.getOrDefault(prefix + "trusted", "false")),
        timeout(prefix + "timeout.ms", settings.getOrDefault(prefix + "timeout.ms", "60000")));
  }

  private static Duration timeout(String setting, String value) {
    try {
      long millis = Long.parseLong(value.strip());
      if (millis >= 1) {
        return Duration.ofMillis(millis);
      }
    } catch (NumberFormatException e) {
      // refused below, naming the setting
    }
    throw new IllegalArgumentException(
        setting + " must be a whole number of milliseconds, not " + value);
  }
}
