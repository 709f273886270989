package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.serde.PooledJson;
import java.time.Duration;

/**
 * A tool written as a function: a name, a description and what a call does, taking no declared
 * parameters (its arguments are whatever object the model sends). For a tool whose arguments have a
 * schema, implement {@link Tool}.
 *
 * <pre>{@code
 * Tool clock = Tools.of("utc_now", "The time in UTC.", (context, args) -> Instant.now().toString());
 * }</pre>
 */
public final class Tools {
  private static final ObjectMapper JSON = PooledJson.MAPPER;

  /** The schema of a tool that declares no parameters: whatever object the model sends. */
  private static final JsonNode ANY_OBJECT = JSON.createObjectNode().put("type", "object");

  private Tools() {}

  /** What a call of the tool does. */
  @FunctionalInterface
  public interface Body {
    String call(ToolContext context, JsonNode arguments) throws Exception;
  }

  /**
   * A parameters schema written as JSON text, for {@link Tool#parametersSchema}: text the tool's
   * author wrote, so text that is not JSON is a programming error.
   */
  public static JsonNode schema(String json) {
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("a tool's parameters schema is not JSON: " + json, e);
    }
  }

  /** A tool whose arguments {@code parameters} (a JSON Schema, as JSON text) describes. */
  public static Tool withSchema(String name, String description, String parameters, Body body) {
    return tool(name, description, schema(parameters), null, false, body);
  }

  public static Tool of(String name, String description, Body body) {
    return of(name, description, null, body);
  }

  /** {@code timeout}: null for the interface's default. */
  public static Tool of(String name, String description, Duration timeout, Body body) {
    return of(name, description, timeout, false, body);
  }

  /**
   * A tool whose call changes nothing outside its thread ({@link Tool#readOnly}): it may run before
   * the decision that called it commits.
   */
  public static Tool readOnly(String name, String description, Body body) {
    return of(name, description, null, true, body);
  }

  private static Tool of(
      String name, String description, Duration timeout, boolean readOnly, Body body) {
    return tool(name, description, ANY_OBJECT, timeout, readOnly, body);
  }

  private static Tool tool(
      String name,
      String description,
      JsonNode parameters,
      Duration timeout,
      boolean readOnly,
      Body body) {
    return new Tool() {
      @Override
      public boolean readOnly() {
        return readOnly;
      }

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
        return parameters.deepCopy(); // callers get their own: a node is mutable
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
