package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;

/** Tools of no parameters for tests, each a name, a description and what a call does. */
public final class TestTools {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TestTools() {}

  /** What a call of the tool does. */
  @FunctionalInterface
  public interface Body {
    String call(ToolContext context, JsonNode arguments) throws Exception;
  }

  public static Tool tool(String name, String description, Body body) {
    return tool(name, description, null, body);
  }

  /** {@code timeout}: null for the interface's default. */
  public static Tool tool(String name, String description, Duration timeout, Body body) {
    return new Tool() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public String description() {
        return description;
      }

      @Override
      public JsonNode parametersSchema() {
        return JSON.createObjectNode();
      }

      @Override
      public Duration timeout() {
        return timeout == null ? Tool.super.timeout() : timeout;
      }

      @Override
      public String call(ToolContext context, JsonNode arguments) throws Exception {
        return body.call(context, arguments);
      }
    };
  }
}
