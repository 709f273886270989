package dev.threadline.executor.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Restricted tools are refused to every tenant the operator did not grant them. */
class ToolGrantsTest {
  @Test
  void runCodeIsRestrictedAndGrantedToNoTenantByDefault() {
    ToolGrants grants = ToolGrants.from(Map.of());
    assertThat(grants.refusal("acme", "run_code"))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .contains("tenant 'acme'")
                    .contains("threadline.tools.tenant.acme.granted")
                    .contains("threadline.tools.granted"));
    assertThat(grants.refusal("acme", "echo")).as("a tool not restricted").isEmpty();
  }

  @Test
  void theOperatorGrantsARestrictedToolToOneTenantOrToAll() {
    ToolGrants one = ToolGrants.from(Map.of("threadline.tools.tenant.acme.granted", "run_code"));
    assertThat(one.refusal("acme", "run_code")).isEmpty();
    assertThat(one.refusal("globex", "run_code")).isPresent();
    ToolGrants all = ToolGrants.from(Map.of("threadline.tools.granted", "echo, run_code"));
    assertThat(all.refusal("globex", "run_code")).isEmpty();
  }

  @Test
  void theOperatorChoosesWhichToolsAreRestricted() {
    ToolGrants grants = ToolGrants.from(Map.of("threadline.tools.restricted", "http_fetch"));
    assertThat(grants.refusal("acme", "http_fetch")).isPresent();
    assertThat(grants.refusal("acme", "run_code")).isEmpty();
  }

  /** A name ending in {@code *} stands for every tool it begins: all of one MCP server's tools. */
  @Test
  void aServersToolsAreRestrictedAndGrantedTogetherByTheirPrefix() {
    ToolGrants grants =
        ToolGrants.from(
            Map.of(
                "threadline.tools.restricted", "run_code,mcp__github__*",
                "threadline.tools.tenant.acme.granted", "mcp__github__*"));
    assertThat(grants.refusal("globex", "mcp__github__search_issues")).isPresent();
    assertThat(grants.refusal("acme", "mcp__github__search_issues")).isEmpty();
    assertThat(grants.refusal("globex", "mcp__everything__echo")).isEmpty();
    assertThat(grants.refusal("globex", "mcp__github__")).isPresent();
  }

  /** What the door is told of a tool: open to all, or the tenants granted it. */
  @Test
  void aRestrictedToolsGranteesAreTheTenantsGrantedItAndAnOpenToolHasNone() {
    ToolGrants grants =
        ToolGrants.from(
            Map.of(
                "threadline.tools.restricted", "mcp__github__*",
                "threadline.tools.tenant.globex.granted", "mcp__github__search_issues",
                "threadline.tools.tenant.acme.granted", "mcp__github__*",
                "threadline.tools.tenant.initech.granted", "run_code"));
    assertThat(grants.grantees("mcp__github__search_issues"))
        .contains(java.util.List.of("acme", "globex"));
    assertThat(grants.grantees("mcp__github__create_issue")).contains(java.util.List.of("acme"));
    assertThat(grants.grantees("mcp__everything__echo")).isEmpty();
    assertThat(ToolGrants.from(Map.of("threadline.tools.granted", "run_code")).grantees("run_code"))
        .as("granted to every tenant")
        .isEmpty();
  }
}
