package dev.threadline.executor.tools.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.serde.PooledJson;

/** Returns its arguments: the tool of demos, tests and benchmarks. */
public final class EchoTool implements Tool {
  private static final JsonNode SCHEMA = PooledJson.MAPPER.createObjectNode().put("type", "object");

  /** Free of side effects: it returns its arguments. */
  @Override
  public boolean readOnly() {
    return true;
  }

  @Override
  public String name() {
    return "echo";
  }

  @Override
  public String description() {
    return "Returns its arguments unchanged.";
  }

  @Override
  public JsonNode parametersSchema() {
    return SCHEMA;
  }

  @Override
  public String call(ToolContext context, JsonNode arguments) {
    return PooledJson.text(arguments);
  }
}
