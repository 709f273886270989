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

  @Test
  void aResultMarkedIsErrorIsAToolErrorWithTheServersText() throws Exception {
    var failing =
        new McpSchema.CallToolResult(
            List.of(McpSchema.TextContent.builder("no such repository").build()), true, null, null);
    McpConnection answering =
        new McpConnection(
            new McpServerSettings(
                "gh", List.of("none"), null, null, false, Duration.ofSeconds(1))) {
          @Override
          McpSchema.CallToolResult call(McpSchema.CallToolRequest request) {
            return failing;
          }
        };
    var tool =
        new McpTool(
            answering, McpSchema.Tool.builder("search_issues", Map.of("type", "object")).build());

    assertThatThrownBy(() -> tool.call(context(), new ObjectMapper().createObjectNode()))
        .isInstanceOf(McpResults.ToolError.class)
        .hasMessage("no such repository");
    assertThat(tool.name()).isEqualTo("mcp__gh__search_issues");
  }

  private static ToolContext context() {
    var request = Requests.tool("t-1", "mcp__gh__search_issues", "{}", Requests.T0.plusSeconds(9));
    return Requests.context(request.getRequestId());
  }
}
