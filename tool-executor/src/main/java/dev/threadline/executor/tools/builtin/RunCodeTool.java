package dev.threadline.executor.tools.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.Permission;
import dev.threadline.executor.code.CodeExecution;
import dev.threadline.executor.code.CodeJson;
import dev.threadline.executor.code.CodeOptions;
import dev.threadline.executor.code.CodeResult;
import dev.threadline.executor.code.CodeWire;
import dev.threadline.executor.code.HostFunction;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.executor.tools.Truncation;
import dev.threadline.executor.tools.TurnWatch;
import dev.threadline.serde.PooledJson;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code run_code}: the model writes a module, and the sandbox ({@code ThreadState.runCode}) runs
 * it; the module's default export — a value, or a function called with no arguments — is the
 * result. The tools of the side that called it, as its agent was frozen into the thread, are async
 * functions on the module-scope global {@code tools} — but {@code deny} ones, and this one; each
 * call runs as the executor runs any tool, within this one, and is recorded on the thread as a
 * {@code code_tool_call} event. A script cannot stop for an approval, so a tool whose permission is
 * {@code ask} throws when called: the model calls it as a tool of its own.
 */
public final class RunCodeTool implements Tool {
  /** The most tool calls one script may make. */
  public static final int MAX_TOOL_CALLS = 20;

  /** The most of a call's output its {@code code_tool_call} event keeps (cut in the middle). */
  static final int RECORDED_OUTPUT_CHARS = 2_048;

  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final JsonNode SCHEMA = schema();
  private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();

  @Override
  public String name() {
    return "run_code";
  }

  @Override
  public String description() {
    return "Runs a TypeScript module in a sandbox and returns its default export (a value, or a"
        + " function called with no arguments; it may be async). Your tools are async"
        + " functions on the global `tools` (one that needs approval throws: call it yourself),"
        + " e.g. `export default async () => (await"
        + " tools.echo({ text: 'hi' }))`: each takes the tool's arguments object and resolves to"
        + " its result (parsed when it is JSON). No network, files or timers; console.log lines come"
        + " back with the result.";
  }

  @Override
  public JsonNode parametersSchema() {
    return SCHEMA;
  }

  @Override
  public Duration timeout() {
    return Duration.ofSeconds(120);
  }

  @Override
  @SuppressWarnings("try") // the turn watch only needs to live as long as the code runs
  public String call(ToolContext context, JsonNode arguments) throws Exception {
    AtomicInteger made = new AtomicInteger();
    Map<String, Object> tools = new LinkedHashMap<>();
    context
        .permissions()
        .forEach(
            (name, permission) -> {
              if (permission != Permission.DENY && !name.equals(name())) {
                tools.put(
                    name,
                    (HostFunction)
                        args ->
                            CompletableFuture.supplyAsync(
                                () -> callTool(context, name, permission, args, made), calls));
              }
            });
    CodeOptions given = CodeWire.options(arguments);
    if (given.globals().containsKey("tools")) {
      throw new IllegalArgumentException(
          "globals.tools is the agent's tools; name yours otherwise");
    }
    Map<String, Object> globals = new LinkedHashMap<>(given.globals());
    globals.put("tools", tools);
    CodeOptions options = given.withGlobals(globals);
    CodeExecution execution = context.state().runCode(arguments.path("code").asText(), options);
    CodeResult result;
    try (TurnWatch watch = new TurnWatch(context.state(), execution::terminate)) {
      result = execution.result().get();
    } catch (InterruptedException e) {
      execution.terminate("the run_code call's time ran out");
      throw e;
    }
    return CodeWire.result(result).toString();
  }

  private Object callTool(
      ToolContext context,
      String name,
      Permission permission,
      List<Object> args,
      AtomicInteger made) {
    if (made.incrementAndGet() > MAX_TOOL_CALLS) {
      throw new IllegalStateException(
          "a script may make at most " + MAX_TOOL_CALLS + " tool calls");
    }
    JsonNode toolArguments =
        args.isEmpty() ? JSON.createObjectNode() : CodeJson.toJson(args.get(0));
    ObjectNode record = JSON.createObjectNode().put("name", name);
    record.set("arguments", toolArguments);
    if (permission == Permission.ASK) {
      // A script cannot stop for an approval: a tool that needs one is called as a tool of its own.
      String message =
          name + " needs approval (its permission is ask): call it as a tool, not from run_code";
      record.put("error", "needs_approval: " + message);
      context.state().emit("code_tool_call", record);
      throw new IllegalStateException(message);
    }
    ToolRunner.Outcome outcome = context.runTool(name, toolArguments);
    if (outcome.error() != null) {
      record.put("error", outcome.error().getCode() + ": " + outcome.error().getMessage());
      context.state().emit("code_tool_call", record);
      throw new IllegalStateException(
          name + " failed: " + outcome.error().getCode() + ": " + outcome.error().getMessage());
    }
    record.put("output", Truncation.middle(outcome.output(), RECORDED_OUTPUT_CHARS));
    context.state().emit("code_tool_call", record);
    try {
      return CodeJson.fromJson(JSON.readTree(outcome.output()));
    } catch (java.io.IOException | RuntimeException notJson) {
      return outcome.output();
    }
  }

  private static JsonNode schema() {
    ObjectNode schema = JSON.createObjectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    properties.putObject("code").put("type", "string").put("description", "the module's source");
    ObjectNode language = properties.putObject("language").put("type", "string");
    language.putArray("enum").add("typescript").add("javascript");
    properties
        .putObject("modules")
        .put("type", "object")
        .put("description", "relative specifier (./util.ts) to module source");
    properties
        .putObject("imports")
        .put("type", "object")
        .put("description", "bare specifier to the JSON object its module exports");
    properties
        .putObject("globals")
        .put("type", "object")
        .put("description", "names installed at module scope, to JSON values");
    ObjectNode execute = properties.putObject("execute").put("type", "object");
    execute.putObject("properties").putObject("fn").put("type", "string");
    ((ObjectNode) execute.get("properties")).putObject("args").put("type", "array");
    properties.putObject("memoryLimitBytes").put("type", "integer").put("minimum", 1);
    schema.putArray("required").add("code");
    return schema;
  }
}
