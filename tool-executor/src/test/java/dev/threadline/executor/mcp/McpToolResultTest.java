package dev.threadline.executor.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolContext;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What an MCP tool result becomes: its text parts joined, a binary part named rather than pasted as
 * base64 into the model's context, and {@code isError} a tool error with the server's text.
 */
class McpToolResultTest {
  @Test
  void textPartsAreJoinedAndABinaryPartIsNamedWithItsSize() {
    var result =
        new McpSchema.CallToolResult(
            List.of(
                McpSchema.TextContent.builder("a tiny image:").build(),
                McpSchema.ImageContent.builder("iVBORw0KGgo=", "image/png").build()),
            false,
            null,
            null);

    assertThat(McpResults.text(result)).isEqualTo("a tiny image:\n[image: image/png, 9 bytes]");
  }

  /**
   * An image the thread's folder cannot keep (here: an executor with no files folder) is named with
   * why; one that is not base64 is named so too.
   */
  @Test
  void anImageThatCannotBeKeptIsNamedWithWhy() {
    var result =
        new McpSchema.CallToolResult(
            List.of(
                McpSchema.ImageContent.builder("iVBORw0KGgo=", "image/png").build(),
                McpSchema.ImageContent.builder("not base64!", "image/png").build()),
            false,
            null,
            null);
    var runner =
        new dev.threadline.executor.tools.ToolRunner(
            new dev.threadline.executor.tools.ToolRegistry(List.of(answering(result, "chart"))),
            dev.threadline.config.Limits.defaults());

    var outcome =
        runner.run(
            Requests.tool("t-1", "mcp__gh__chart", "{}", Requests.T0.plusSeconds(60)), Requests.T0);

    assertThat(outcome.shown()).isEmpty();
    assertThat(outcome.output())
        .isEqualTo(
            "[image: image/png, 9 bytes, not kept: the executor has no files folder"
                + " (threadline.blobs.dir)]\n[image: image/png, 8 bytes, not base64]");
  }

  @Test
  void aResultMarkedIsErrorIsAToolErrorWithTheServersText() throws Exception {
    var failing =
        new McpSchema.CallToolResult(
            List.of(McpSchema.TextContent.builder("no such repository").build()), true, null, null);
    var tool = answering(failing, "search_issues");

    assertThatThrownBy(() -> tool.call(context(), new ObjectMapper().createObjectNode()))
        .isInstanceOf(McpResults.ToolError.class)
        .hasMessage("no such repository");
    assertThat(tool.name()).isEqualTo("mcp__gh__search_issues");
  }

  /** Tool {@code name} of server {@code gh}, whose every call answers {@code result}. */
  private static McpTool answering(McpSchema.CallToolResult result, String name) {
    McpConnection connection =
        new McpConnection(
            new McpServerSettings(
                "gh", List.of("none"), null, null, false, Duration.ofSeconds(1))) {
          @Override
          McpSchema.CallToolResult call(McpSchema.CallToolRequest request) {
            return result;
          }
        };
    return new McpTool(connection, McpSchema.Tool.builder(name, Map.of("type", "object")).build());
  }

  private static ToolContext context() {
    var request = Requests.tool("t-1", "mcp__gh__search_issues", "{}", Requests.T0.plusSeconds(9));
    return Requests.context(request.getRequestId());
  }
}
