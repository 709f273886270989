package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.Attachment;
import dev.threadline.avro.ToolEffect;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolRequest;
import dev.threadline.config.JsonSchemas;
import dev.threadline.config.Limits;
import dev.threadline.config.SecretBox;
import dev.threadline.executor.consume.FatalErrors;
import dev.threadline.files.ThreadFiles;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one tool call: looks the tool up, validates the arguments against its schema, runs it on a
 * virtual thread for its timeout — never past the request's deadline — and cuts over-long output in
 * the middle, to the tool's budget and to {@code threadline.limits.tool.result.bytes}. Every
 * failure is an outcome with an error code and a message that says what went wrong, never an
 * exception.
 */
public final class ToolRunner {
  private static final ObjectMapper JSON = PooledJson.MAPPER;

  /** Room a result needs beside its output: the truncation marker, the error fields. */
  private static final int RESULT_MARGIN_BYTES = 1_024;

  private final ToolRegistry tools;
  private final Limits limits;
  private final ThreadReaders readers;
  private final Optional<SecretBox> secrets;
  private final ThreadFiles files;
  private final ProgressReports progress;
  private final TenantStores stores;
  private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();

  public ToolRunner(ToolRegistry tools, Limits limits) {
    this(tools, limits, ThreadReaders.NONE);
  }

  /** {@code readers}: where each call's {@link ThreadState} reads its thread. */
  public ToolRunner(ToolRegistry tools, Limits limits, ThreadReaders readers) {
    this(tools, limits, readers, null, null);
  }

  /**
   * {@code secrets}: opens (and seals) the secrets of a call's env for its tool; {@code files}: the
   * shared files folder tools write to (either null: none).
   */
  public ToolRunner(
      ToolRegistry tools,
      Limits limits,
      ThreadReaders readers,
      SecretBox secrets,
      ThreadFiles files) {
    this(tools, limits, readers, secrets, files, ProgressReports.NONE);
  }

  /** {@code progress}: where each call reports its progress while it runs. */
  public ToolRunner(
      ToolRegistry tools,
      Limits limits,
      ThreadReaders readers,
      SecretBox secrets,
      ThreadFiles files,
      ProgressReports progress) {
    this(tools, limits, readers, secrets, files, progress, TenantStores.NONE);
  }

  /** {@code stores}: each call's tenant store ({@link ToolContext#store}). */
  public ToolRunner(
      ToolRegistry tools,
      Limits limits,
      ThreadReaders readers,
      SecretBox secrets,
      ThreadFiles files,
      ProgressReports progress,
      TenantStores stores) {
    this.stores = stores;
    this.progress = progress;
    this.secrets = Optional.ofNullable(secrets);
    this.tools = tools;
    this.limits = limits;
    this.readers = readers;
    this.files = files;
  }

  /**
   * Output, or an error (code + message); the ThreadState writes it asks for, and the files of them
   * it shows with its result.
   */
  public record Outcome(
      String output, ToolError error, List<ToolEffect> effects, List<Attachment> shown) {
    public Outcome {
      effects = List.copyOf(effects);
      shown = List.copyOf(shown);
    }

    public Outcome(String output, ToolError error, List<ToolEffect> effects) {
      this(output, error, effects, List.of());
    }

    static Outcome failed(String code, String message) {
      return new Outcome(null, new ToolError(code, message), List.of());
    }
  }

  /** Runs {@code request}, starting at {@code now}, with an execution context of its own. */
  public Outcome run(ToolRequest request, Instant now) {
    return run(request, now, new Execution());
  }

  /**
   * Runs {@code request}, starting at {@code now}; {@code context}: its execution's scratch map.
   */
  public Outcome run(ToolRequest request, Instant now, java.util.Map<String, Object> execution) {
    return run(request, now, execution, NestedCallHooks.NONE);
  }

  /**
   * Runs {@code request} as {@link #run(ToolRequest, Instant, java.util.Map)} does, each call it
   * makes within its own ({@link ToolContext#runTool}) through {@code nestedHooks}.
   */
  public Outcome run(
      ToolRequest request,
      Instant now,
      java.util.Map<String, Object> execution,
      NestedCallHooks nestedHooks) {
    Optional<Tool> found = tools.get(request.getToolName());
    if (found.isEmpty()) {
      return Outcome.failed(
          "unknown_tool",
          "no tool '" + request.getToolName() + "' in this executor; it has " + tools.names());
    }
    Tool tool = found.get();
    Optional<String> refused = tools.grants().refusal(request.getTenantId(), tool.name());
    if (refused.isPresent()) {
      return Outcome.failed("tool_not_granted", refused.get());
    }
    JsonNode args;
    try {
      args = JSON.readTree(request.getArgumentsJson());
    } catch (IOException e) {
      return Outcome.failed("invalid_arguments", "arguments are not JSON: " + e.getMessage());
    }
    if (args == null || !args.isObject()) {
      return Outcome.failed("invalid_arguments", "arguments must be a JSON object");
    }
    Optional<String> invalid =
        tool.parametersSchema() == null || tool.parametersSchema().isEmpty()
            ? Optional.empty()
            : JsonSchemas.firstError(tool.parametersSchema(), args);
    if (invalid.isPresent()) {
      return Outcome.failed("invalid_arguments", invalid.get());
    }
    ThreadState state =
        new ThreadState(
            request.getRequestId(),
            limits,
            readers.reader(request),
            new CallEnv(
                request.getEnv(), request.getTenantId(), request.getThreadId(), secrets, files),
            execution);
    java.util.concurrent.atomic.AtomicInteger nestedCalls =
        new java.util.concurrent.atomic.AtomicInteger();
    ToolContext context =
        new ToolContext(
            request.getRequestId(),
            request.getThreadId(),
            request.getTenantId(),
            request.getAgentName(),
            request.getUserId(),
            request.getDeadline(),
            state,
            request.getToolPermissions(),
            (name, arguments) -> {
              ToolRequest child =
                  ToolRequest.newBuilder(request)
                      .setRequestId(
                          request.getRequestId() + "/nested-" + nestedCalls.incrementAndGet())
                      .setToolName(name)
                      .setArgumentsJson(PooledJson.text(arguments))
                      .build();
              Outcome outcome =
                  nestedHooks.apply(child, run(child, Instant.now(), execution, nestedHooks));
              state.adopt(outcome.effects());
              return outcome;
            },
            progress.forCall(request),
            stores.store(request.getTenantId(), tool.readOnly()));
    // The tool's own timeout, and never past the request's deadline (at least a second of it).
    long left = Math.max(1_000, Duration.between(now, request.getDeadline()).toMillis());
    long millis = Math.min(tool.timeout().toMillis(), left);
    Future<String> call = calls.submit(() -> tool.call(context, args));
    try {
      String output = call.get(millis, TimeUnit.MILLISECONDS);
      String kept = Truncation.middle(output == null ? "" : output, tool.outputBudgetChars());
      return new Outcome(
          Truncation.middleBytes(kept, limits.toolResultBytes() - RESULT_MARGIN_BYTES),
          null,
          context.effects(),
          context.shown());
    } catch (TimeoutException e) {
      call.cancel(true);
      state.takeBackValues();
      return Outcome.failed(
          "timeout", "tool '" + tool.name() + "' took longer than " + millis + " ms");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (FatalErrors.spoilsTheProcess(cause)) {
        throw (Error) cause; // the lane that runs this call ends the process (FatalErrors)
      }
      String message = cause.getMessage() == null ? cause.toString() : cause.getMessage();
      state.takeBackValues();
      return Outcome.failed(
          "tool_failed", Truncation.middleBytes(message, limits.toolResultBytes() / 4));
    } catch (InterruptedException e) {
      call.cancel(true);
      state.takeBackValues();
      Thread.currentThread().interrupt();
      return Outcome.failed("interrupted", "the executor is shutting down");
    }
  }
}
