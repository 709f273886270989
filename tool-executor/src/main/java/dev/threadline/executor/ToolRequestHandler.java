package dev.threadline.executor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ToolResult;
import dev.threadline.executor.tools.ArgumentCheck;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.Truncation;
import dev.threadline.topics.Topics;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one tool call: looks the tool up, validates the arguments against its schema, runs it with
 * its timeout, cuts over-long output in the middle, and publishes the result. Every failure is a
 * result with an error that says what went wrong; the request id is the tool's idempotency key.
 */
final class ToolRequestHandler {
  private static final Logger log = LoggerFactory.getLogger(ToolRequestHandler.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Topics topics;
  private final ToolRegistry tools;
  private final ResultPublisher publisher;
  private final Clock clock;
  private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();

  ToolRequestHandler(Topics topics, ToolRegistry tools, ResultPublisher publisher, Clock clock) {
    this.topics = topics;
    this.tools = tools;
    this.publisher = publisher;
    this.clock = clock;
  }

  void handle(ConsumerRecord<String, byte[]> record) {
    ToolRequest request =
        publisher.decode(record, topics.toolRequests().valueSerde().deserializer());
    if (request == null) {
      return;
    }
    Instant started = clock.instant();
    if (request.getDeadline().isBefore(started)) {
      log.warn(
          "dropping tool request {} of thread {}: its deadline {} passed (the step processor re-issues it)",
          request.getRequestId(),
          request.getThreadId(),
          request.getDeadline());
      return;
    }
    Outcome outcome = run(request);
    long duration = Duration.between(started, clock.instant()).toMillis();
    ToolResult result =
        new ToolResult(
            request.getRequestId(),
            request.getThreadId(),
            request.getEpoch(),
            request.getCallId(),
            request.getToolName(),
            clock.instant(),
            duration,
            outcome.output(),
            outcome.error());
    publisher.publish(topics.toolResults(), request.getThreadId(), result, true);
  }

  record Outcome(String output, ToolError error) {
    static Outcome failed(String code, String message) {
      return new Outcome(null, new ToolError(code, message));
    }
  }

  Outcome run(ToolRequest request) {
    Optional<Tool> found = tools.get(request.getToolName());
    if (found.isEmpty()) {
      return Outcome.failed(
          "unknown_tool",
          "no tool '" + request.getToolName() + "' in this executor; it has " + tools.names());
    }
    Tool tool = found.get();
    JsonNode args;
    try {
      args = JSON.readTree(request.getArgumentsJson());
    } catch (IOException e) {
      return Outcome.failed("invalid_arguments", "arguments are not JSON: " + e.getMessage());
    }
    if (args == null || !args.isObject()) {
      return Outcome.failed("invalid_arguments", "arguments must be a JSON object");
    }
    Optional<String> invalid = ArgumentCheck.validate(tool.parametersSchema(), args);
    if (invalid.isPresent()) {
      return Outcome.failed("invalid_arguments", invalid.get());
    }
    ToolContext context =
        new ToolContext(
            request.getRequestId(),
            request.getThreadId(),
            request.getTenantId(),
            request.getAgentName(),
            request.getDeadline());
    Future<String> call = calls.submit(() -> tool.call(context, args));
    try {
      String output = call.get(tool.timeout().toMillis(), TimeUnit.MILLISECONDS);
      return new Outcome(
          Truncation.middle(output == null ? "" : output, tool.outputBudgetChars()), null);
    } catch (TimeoutException e) {
      call.cancel(true);
      return Outcome.failed(
          "timeout",
          "tool '" + tool.name() + "' took longer than " + tool.timeout().toMillis() + " ms");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      return Outcome.failed(
          "tool_failed", cause.getMessage() == null ? cause.toString() : cause.getMessage());
    } catch (InterruptedException e) {
      call.cancel(true);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + tool.name(), e);
    }
  }
}
