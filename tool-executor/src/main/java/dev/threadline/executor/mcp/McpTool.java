package dev.threadline.executor.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.executor.tools.TurnWatch;
import dev.threadline.serde.PooledJson;
import dev.threadline.topics.McpToolNames;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One tool of an MCP server, offered to agents as {@code mcp__<server>__<tool>} (the naming Claude
 * Code and other MCP hosts use, within what model APIs allow in a tool name). Its description and
 * input schema are the server's; arguments are checked against that schema before the call, as for
 * every tool. It is read-only for speculation only when the operator trusts the server and the
 * server marks it {@code readOnlyHint}.
 */
final class McpTool implements Tool {

  private final McpConnection connection;
  private final McpSchema.Tool tool;
  private final JsonNode schema;

  McpTool(McpConnection connection, McpSchema.Tool tool) {
    this.connection = connection;
    this.tool = tool;
    this.schema = PooledJson.MAPPER.valueToTree(tool.inputSchema());
  }

  @Override
  public String name() {
    return McpToolNames.callName(connection.server().name(), tool.name());
  }

  McpConnection connection() {
    return connection;
  }

  /** The server's own name for the tool. */
  String serverName() {
    return tool.name();
  }

  @Override
  public String description() {
    return tool.description() == null ? "" : tool.description();
  }

  @Override
  public JsonNode parametersSchema() {
    return schema;
  }

  @Override
  public boolean readOnly() {
    return connection.server().trusted()
        && tool.annotations() != null
        && Boolean.TRUE.equals(tool.annotations().readOnlyHint());
  }

  @Override
  public Duration timeout() {
    return connection.server().timeout();
  }

  @Override
  @SuppressWarnings({"unchecked", "try"}) // the turn watch only needs to live as long as the call
  public String call(ToolContext context, JsonNode arguments) throws Exception {
    McpSchema.CallToolRequest request =
        McpSchema.CallToolRequest.builder(tool.name())
            .arguments(PooledJson.MAPPER.convertValue(arguments, Map.class))
            // The call's id is the same on every re-delivery: a server may use it to act once.
            // It is also the token the server's progress notifications name the call by.
            .meta(
                Map.of(
                    "dev.threadline/idempotencyKey",
                    context.requestId(),
                    "progressToken",
                    context.requestId()))
            .build();
    McpSchema.CallToolResult result;
    Runnable unfollow = connection.follow(context.requestId(), context::reportProgress);
    Thread caller = Thread.currentThread();
    AtomicReference<String> givenUp = new AtomicReference<>();
    try (TurnWatch watch =
        new TurnWatch(
            context.state(),
            reason -> {
              givenUp.set(reason);
              caller.interrupt();
            })) {
      result = connection.call(request);
    } catch (RuntimeException e) {
      if (Thread.currentThread().isInterrupted()) {
        // Cut at its timeout (the runner interrupts the call) or its turn over (the watch does):
        // the server is told to stop too.
        String reason = givenUp.get() != null ? givenUp.get() : "the call passed its timeout";
        connection.cancel(context.requestId(), reason);
        if (givenUp.get() != null) {
          throw new IllegalStateException(reason, e);
        }
      }
      throw e;
    } finally {
      unfollow.run();
      connection.ended(context.requestId());
    }
    String text = McpResults.text(result, new McpImages(context, connection.server().name()));
    if (Boolean.TRUE.equals(result.isError())) {
      throw new McpResults.ToolError(text.isEmpty() ? "the MCP tool failed" : text);
    }
    return text;
  }
}
