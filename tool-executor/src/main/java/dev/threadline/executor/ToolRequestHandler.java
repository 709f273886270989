package dev.threadline.executor;

import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ToolResult;
import dev.threadline.config.Limits;
import dev.threadline.executor.consume.LaneBudget;
import dev.threadline.executor.hooks.ToolCallHooks;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.logs.LogIds;
import dev.threadline.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles one tool request — unless another executor group serves its tool ({@link
 * ToolsElsewhere}): answers a copy of a request it ran already with that one's result, or skips it
 * while that one runs ({@link RequestsRun}); runs it through the {@link ToolRunner} — a request
 * that waited past its deadline in a busy lane gets its whole time from when it starts — and
 * publishes the result; returns once the result is acknowledged.
 */
final class ToolRequestHandler {
  private static final Logger log = LoggerFactory.getLogger(ToolRequestHandler.class);

  private final Topics topics;
  private final ToolRunner runner;
  private final ToolCallHooks hooks;
  private final ResultPublisher publisher;
  private final Clock clock;
  private final RequestsRun run = new RequestsRun();
  private final ToolsElsewhere elsewhere;

  ToolRequestHandler(
      Topics topics,
      ToolRunner runner,
      ResultPublisher publisher,
      Limits limits,
      ToolsElsewhere elsewhere,
      Clock clock) {
    this.hooks = new ToolCallHooks(runner, limits);
    this.elsewhere = elsewhere;
    this.topics = topics;
    this.runner = runner;
    this.publisher = publisher;
    this.clock = clock;
  }

  /**
   * Handles {@code record} if it is a request of {@code lane}'s (the committed and the
   * side-effect-free lane read the same topic; each serves its own); {@code readBeforeCommit}: the
   * lane reads requests before their decisions commit, which its results tell the step processor.
   */
  @SuppressWarnings("try") // the ids are open for what the handling logs, not read by it
  void handle(
      ConsumerRecord<String, byte[]> record,
      LaneBudget budget,
      Predicate<ToolRequest> lane,
      boolean readBeforeCommit) {
    // Every lane's topic carries ToolRequest alike.
    ToolRequest request =
        publisher.decode(record, topics.toolRequests(ThreadGroup.CHAT).valueSerde().deserializer());
    if (request == null || elsewhere.serve(request.getToolName()) || !lane.test(request)) {
      return; // not a request, another executor group's to answer, or the other lane's
    }
    try (LogIds ids =
        LogIds.of(request.getThreadId(), request.getTenantId(), request.getRequestId())) {
      handle(request, budget, readBeforeCommit);
    }
  }

  /** Answers {@code request}, its ids on every line logged meanwhile. */
  private void handle(ToolRequest request, LaneBudget budget, boolean readBeforeCommit) {
    ToolResult result;
    try {
      result = answer(request, budget);
    } catch (RuntimeException e) {
      // A failure of this executor must not leave the call unanswered, nor hold the lane's
      // offsets back: it is the call's error result.
      log.error("tool request {} failed in the executor", request.getRequestId(), e);
      result =
          result(
              request,
              0,
              new ToolRunner.Outcome(
                  null, new ToolError("executor_error", "the executor failed: " + e), List.of()),
              List.of());
    }
    if (result != null) {
      result.setReadBeforeCommit(readBeforeCommit);
      ExecutorMeters.toolCall(result);
      ExecutorSpans.toolCall(result);
      ToolResult answer = result;
      run.publish(
          request.getRequestId(),
          () -> publisher.publish(topics.toolResults(), request.getThreadId(), answer, true));
    }
  }

  /** The result, or null when nothing more is to be published (a copy). */
  private ToolResult answer(ToolRequest request, LaneBudget budget) {
    if (!run.runs(
        "tool",
        request.getRequestId(),
        request.getThreadId(),
        again -> publisher.publishAgain(topics.toolResults(), request.getThreadId(), again))) {
      return null;
    }
    Instant started = clock.instant();
    if (request.getDeadline().isBefore(started)) {
      // It waited in a busy lane: the tool gets its whole time from now, not what is left of it.
      request.setDeadline(
          started.plus(Duration.between(request.getIssuedAt(), request.getDeadline())));
    }
    // The hooks around the call run in its lane's budget, as part of it.
    Map<String, Object> execution = new dev.threadline.executor.tools.Execution();
    // The calls a script makes (run_code's tools.*) go through the agent's hooks as well.
    List<HookFailure> nestedFailures = new CopyOnWriteArrayList<>();
    var nested = hooks.forNestedCalls(clock::instant, execution, nestedFailures);
    ToolCallHooks.Applied done =
        budget.run(
            request.getTenantId(),
            () ->
                hooks.apply(
                    request,
                    runner.run(request, clock.instant(), execution, nested),
                    clock.instant(),
                    execution));
    List<HookFailure> failures = new ArrayList<>(nestedFailures);
    failures.addAll(done.failures());
    return result(
        request, Duration.between(started, clock.instant()).toMillis(), done.outcome(), failures);
  }

  private ToolResult result(
      ToolRequest request,
      long durationMs,
      ToolRunner.Outcome outcome,
      List<HookFailure> hookFailures) {
    return new ToolResult(
        request.getRequestId(),
        request.getThreadId(),
        request.getEpoch(),
        request.getCallId(),
        request.getToolName(),
        clock.instant(),
        durationMs,
        outcome.output(),
        outcome.error(),
        new java.util.ArrayList<>(outcome.effects()),
        new java.util.ArrayList<>(hookFailures),
        false,
        new java.util.ArrayList<>(outcome.shown()));
  }
}
