package dev.threadline.executor.tools.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;

/** Returns its arguments: the tool of demos, tests and benchmarks. */
public final class EchoTool implements Tool {
  private static final JsonNode SCHEMA =
      new ObjectMapper().createObjectNode().put("type", "object");

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
    return arguments.toString();
  }
}
