package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The operator's MCP servers as the settings name them, each refused clearly when misconfigured.
 */
class McpServerSettingsTest {
  @Test
  void aCommandServerAndAnHttpServerWithATokenFromTheEnvironment() {
    var servers =
        McpServerSettings.from(
            Map.of(
                "threadline.mcp.servers", "everything, github",
                "threadline.mcp.everything.command",
                    "npx -y @modelcontextprotocol/server-everything",
                "threadline.mcp.github.url", "https://api.githubcopilot.com/mcp/",
                "threadline.mcp.github.token.env", "GITHUB_TOKEN",
                "threadline.mcp.github.trusted", "true",
                "threadline.mcp.github.timeout.ms", "5000"),
            Map.of("GITHUB_TOKEN", "ghp_x"));

    assertThat(servers.getFirst().command())
        .isEqualTo(List.of("npx", "-y", "@modelcontextprotocol/server-everything"));
    assertThat(servers.getFirst().trusted()).isFalse();
    assertThat(servers.get(1))
        .isEqualTo(
            new McpServerSettings(
                "github",
                List.of(),
                "https://api.githubcopilot.com/mcp/",
                "ghp_x",
                true,
                Duration.ofSeconds(5)));
  }

  @Test
  void aMisconfiguredServerIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> settings(Map.of("threadline.mcp.servers", "gh")))
        .hasMessageContaining("threadline.mcp.gh.command or threadline.mcp.gh.url");
    assertThatThrownBy(
            () ->
                settings(
                    Map.of(
                        "threadline.mcp.servers", "gh",
                        "threadline.mcp.gh.url", "https://x/mcp",
                        "threadline.mcp.gh.token.env", "MISSING")))
        .hasMessageContaining("MISSING, which is not set");
    assertThatThrownBy(
            () ->
                settings(
                    Map.of(
                        "threadline.mcp.servers", "gh",
                        "threadline.mcp.gh.command", "gh-mcp",
                        "threadline.mcp.gh.timeout.ms", "1m")))
        .hasMessage("threadline.mcp.gh.timeout.ms must be a whole number of milliseconds, not 1m");
    assertThatThrownBy(() -> settings(Map.of("threadline.mcp.servers", "Git_Hub")))
        .hasMessageContaining("a-z 0-9 -");
  }

  private static List<McpServerSettings> settings(Map<String, String> settings) {
    return McpServerSettings.from(settings, Map.of());
  }
}
