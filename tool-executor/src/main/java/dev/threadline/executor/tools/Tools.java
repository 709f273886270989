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

  private Tools() {}

  /** What a call of the tool does. */
  @FunctionalInterface
  public interface Body {
    String call(ToolContext context, JsonNode arguments) throws Exception;
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
        return JSON.createObjectNode().put("type", "object");
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
