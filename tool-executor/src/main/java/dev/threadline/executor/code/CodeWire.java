package dev.threadline.executor.code;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.serde.PooledJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code runCode}'s wire form, for callers that are not Java (the {@code run_code} tool's arguments
 * and result): options as JSON — {@code language}, {@code imports} (specifier → object), {@code
 * modules} (specifier → source), {@code globals} (name → JSON value), {@code execute} ({@code fn},
 * {@code args}), {@code memoryLimitBytes} — and a result as JSON: {@code status}, {@code result} or
 * {@code error} ({@code name}, {@code message}, {@code line}, {@code column}), {@code logs} ({@code
 * level}, {@code message}).
 */
public final class CodeWire {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final TypeReference<Map<String, Object>> EXPORTS = new TypeReference<>() {};

  private CodeWire() {}

  /** Thrown for options that are not of the wire form, naming the field. */
  public static final class BadOptions extends IllegalArgumentException {
    BadOptions(String message) {
      super(message);
    }
  }

  /** The options {@code json} (an object; missing fields take their defaults) describes. */
  public static CodeOptions options(JsonNode json) {
    CodeOptions options = CodeOptions.defaults();
    if (json.hasNonNull("language")) {
      options = options.withLanguage(text(json, "language"));
    }
    Map<String, Map<String, Object>> imports = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : object(json, "imports").properties()) {
      if (!entry.getValue().isObject()) {
        throw new BadOptions(
            "imports['" + entry.getKey() + "'] must be an object (the module's exports)");
      }
      imports.put(entry.getKey(), JSON.convertValue(entry.getValue(), EXPORTS));
    }
    Map<String, String> modules = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : object(json, "modules").properties()) {
      if (!entry.getValue().isTextual()) {
        throw new BadOptions(
            "modules['" + entry.getKey() + "'] must be the module's source, a string");
      }
      modules.put(entry.getKey(), entry.getValue().asText());
    }
    Map<String, Object> globals = new LinkedHashMap<>();
    object(json, "globals")
        .properties()
        .forEach(e -> globals.put(e.getKey(), CodeJson.fromJson(e.getValue())));
    options = options.withImports(imports).withModules(modules).withGlobals(globals);
    JsonNode execute = object(json, "execute");
    if (!execute.isEmpty()) {
      JsonNode args = execute.path("args");
      if (!args.isMissingNode() && !args.isArray()) {
        throw new BadOptions("execute.args must be an array");
      }
      List<Object> values = new ArrayList<>();
      args.forEach(a -> values.add(CodeJson.fromJson(a)));
      options = options.withExecute(execute.hasNonNull("fn") ? text(execute, "fn") : null, values);
    }
    if (json.hasNonNull("memoryLimitBytes")) {
      if (!json.get("memoryLimitBytes").canConvertToLong()) {
        throw new BadOptions("memoryLimitBytes must be a whole number of bytes");
      }
      options = options.withMemoryLimitBytes(json.get("memoryLimitBytes").asLong());
    }
    return options;
  }

  /** {@code result} as the wire gives it. */
  public static ObjectNode result(CodeResult result) {
    ObjectNode out = JSON.createObjectNode().put("status", result.status().wire());
    if (result.error() != null) {
      ObjectNode error =
          out.putObject("error")
              .put("name", result.error().name())
              .put("message", result.error().message());
      if (result.error().line() != null) {
        error.put("line", result.error().line()).put("column", result.error().column());
      }
    } else {
      out.set("result", CodeJson.toJson(result.result()));
    }
    ArrayNode logs = out.putArray("logs");
    result
        .logs()
        .forEach(l -> logs.addObject().put("level", l.level()).put("message", l.message()));
    return out;
  }

  private static JsonNode object(JsonNode json, String field) {
    JsonNode value = json.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return JSON.createObjectNode();
    }
    if (!value.isObject()) {
      throw new BadOptions(field + " must be an object");
    }
    return value;
  }

  private static String text(JsonNode json, String field) {
    if (!json.get(field).isTextual()) {
      throw new BadOptions(field + " must be a string");
    }
    return json.get(field).asText();
  }
}
