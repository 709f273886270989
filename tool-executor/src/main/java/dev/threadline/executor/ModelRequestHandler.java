package dev.threadline.executor;

import dev.threadline.agents.HookPoint;
import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.HookFailure;
import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ToolCall;
import dev.threadline.config.Limits;
import dev.threadline.config.ModelOptions;
import dev.threadline.config.ModelProfiles;
import dev.threadline.config.Utf8;
import dev.threadline.executor.consume.DecidedRecords;
import dev.threadline.executor.consume.LaneBudget;
import dev.threadline.executor.hooks.MessageHooks;
import dev.threadline.executor.hooks.ReplyHooks;
import dev.threadline.executor.model.ModelOutcome;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.logs.LogIds;
import dev.threadline.serde.SchemaRegistryException;
import dev.threadline.topics.ContextDigest;
import dev.threadline.topics.ModelContexts;
import dev.threadline.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers one model request: rebuilds its whole context when it reuses the thread's previous one
 * (or answers {@code context_missing} when that is not held here), answers a copy of a request it
 * ran already with that one's result or skips it while that one runs ({@link RequestsRun}), calls
 * the provider within the lane's budget and the request's time ({@link TimeLimit}) — even when the
 * request waited past its deadline in a busy lane, it gets its whole time from when it starts —
 * streams deltas to thread-deltas and publishes the result, within the limits a result is held to.
 * Every failure is a result; returns only after the result is acknowledged.
 */
final class ModelRequestHandler {
  private static final Logger log = LoggerFactory.getLogger(ModelRequestHandler.class);

  private final Topics topics;
  private final ModelProviders providers;
  private final ModelContexts contexts;
  private final ResultPublisher publisher;
  private final Limits limits;
  private final ModelProfiles profiles;
  private final MessageHooks hooks;
  private final ReplyHooks replyHooks;
  private final Clock clock;
  private final RequestsRun run = new RequestsRun();

  /** Whether its lanes read requests before their decisions commit (speculation on). */
  private final boolean readBeforeCommit;

  /** The requests that may be served before their decision commits; the others wait for it. */
  private final Predicate<ModelRequest> mayRunBeforeCommit;

  /** Where a request that must wait learns its decision committed (null: speculation off). */
  private final DecidedRecords decided;

  /**
   * Of {@code settings}: the limits a reply is held to, and how much of the contexts it sent it
   * keeps, for requests reusing one; {@code hookRunner}: runs the functions the agents' hooks name,
   * on the messages a request gives the model and on the message its answer creates.
   */
  ModelRequestHandler(
      Topics topics,
      ModelProviders providers,
      ExecutorSettings settings,
      ResultPublisher publisher,
      ToolRunner hookRunner,
      Predicate<ModelRequest> mayRunBeforeCommit,
      DecidedRecords decided,
      Clock clock) {
    this.contexts = new ModelContexts(settings.contextCacheBytes());
    this.readBeforeCommit = settings.speculate();
    this.mayRunBeforeCommit = mayRunBeforeCommit;
    this.decided = decided;
    this.limits = settings.limits();
    this.profiles = settings.profiles();
    this.topics = topics;
    this.providers = providers;
    this.publisher = publisher;
    this.hooks = new MessageHooks(hookRunner);
    this.replyHooks = new ReplyHooks(hookRunner);
    this.clock = clock;
  }

  @SuppressWarnings("try") // the ids are open for what the handling logs, not read by it
  void handle(ConsumerRecord<String, byte[]> record, LaneBudget budget) {
    ModelRequest request =
        publisher.decode(
            record,
            topics.modelRequests(dev.threadline.avro.ThreadGroup.TASK).valueSerde().deserializer());
    if (request == null) {
      return;
    }
    boolean waited = readBeforeCommit && !mayRunBeforeCommit.test(request);
    if (waited && !decided.committed(record)) {
      return; // its decision never committed: the thread sends it again if it still wants it
    }
    try (LogIds ids =
        LogIds.of(request.getThreadId(), request.getTenantId(), request.getRequestId())) {
      handle(request, budget, readBeforeCommit && !waited);
    }
  }

  /**
   * Answers {@code request}, its ids on every line logged meanwhile; {@code servedEarly}: whether
   * it is served before its decision committed.
   */
  private void handle(ModelRequest request, LaneBudget budget, boolean servedEarly) {
    Object payload;
    long started = System.nanoTime();
    List<HookFailure> hookFailures = new ArrayList<>();
    try {
      payload = answer(request, budget, hookFailures);
    } catch (RuntimeException e) {
      // A failure of this executor must not leave the request unanswered, nor hold the lane's
      // offsets back: it is the request's result.
      log.error("model request {} failed in the executor", request.getRequestId(), e);
      payload = new ModelError("executor_error", "the executor failed: " + e, false, null);
    }
    if (payload == null) {
      return;
    }
    ExecutorMeters.modelCall(
        request, payload, java.time.Duration.ofNanos(System.nanoTime() - started), profiles);
    ExecutorSpans.modelCall(request, payload);
    try {
      publish(request, payload, hookFailures, servedEarly);
    } catch (SerializationException e) {
      if (SchemaRegistryException.isOutage(e)) {
        throw e;
      }
      // A result that cannot be written (a provider's broken reply) must not hold the lane back.
      log.error("the result of model request {} cannot be written", request.getRequestId(), e);
      publish(
          request,
          new ModelError("executor_error", "the result could not be written: " + e, false, null),
          hookFailures,
          servedEarly);
    }
  }

  /**
   * The result's outcome, or null when nothing more is to be published (a copy); the agent's
   * history hooks that did not do their part go to {@code hookFailures}.
   */
  private Object answer(ModelRequest request, LaneBudget budget, List<HookFailure> hookFailures) {
    // Before the deadline check: a late request's context is still the base of its re-issue.
    switch (contexts.resolve(request)) {
      case ModelContexts.Whole whole -> {
        request.setMessages(whole.messages());
        request.setReuse(null);
      }
      case ModelContexts.Missing missing -> {
        log.debug(
            "context of model request {} of thread {} is not held here: {}",
            request.getRequestId(),
            request.getThreadId(),
            missing.reason());
        return new ModelError(ContextDigest.MISSING, missing.reason(), true, null);
      }
    }
    // A request that waited past its deadline in a busy lane is still work; a re-issued copy of
    // one already run here is not: it gets the answer that one got, if it has it yet.
    if (!run.runs(
        "model",
        request.getRequestId(),
        request.getThreadId(),
        again -> publisher.publishAgain(topics.modelResults(), request.getThreadId(), again))) {
      return null;
    }
    // The thread's stored messages stay as they are; the model gets what the hooks keep of them.
    MessageHooks.Applied history = hooks.apply(request, clock.instant());
    request.setMessages(history.messages());
    hookFailures.addAll(history.failures());
    Duration time = TimeLimit.of(request.getIssuedAt(), request.getDeadline());
    ModelOutcome outcome =
        budget.run(request.getTenantId(), () -> TimeLimit.call(time, () -> call(request)));
    return switch (structured(request, withinLimits(outcome))) {
      case ModelOutcome.Reply r -> {
        ModelOutcome.Reply stored = created(request, r, hookFailures);
        yield new ModelResponse(
            stored.text(),
            new ArrayList<>(stored.toolCalls()),
            stored.usage(),
            stored.finishReason(),
            stored.model(),
            stored.providerItems());
      }
      case ModelOutcome.Failure f ->
          new ModelError(
              f.code(),
              f.message(),
              f.retryable(),
              f.retryAfter() == null ? null : f.retryAfter().toMillis());
    };
  }

  /**
   * The message the reply creates, as the agent's create hooks leave it — unless they make it more
   * than a reply may hold: then the model's, and the hook is reported.
   */
  private ModelOutcome.Reply created(
      ModelRequest request, ModelOutcome.Reply reply, List<HookFailure> hookFailures) {
    ModelOutcome.Reply hooked = replyHooks.apply(request, reply, clock.instant(), hookFailures);
    if (hooked == reply || withinLimits(hooked) instanceof ModelOutcome.Reply) {
      return hooked;
    }
    String point = HookPoint.BEFORE_CREATE_MESSAGE.wire();
    hookFailures.add(
        new HookFailure(
            point,
            request.getHooks().get(point),
            "its content is more than a model reply may hold ("
                + Limits.key("model.output.bytes")
                + ")"));
    return reply;
  }

  private ModelOutcome call(ModelRequest request) {
    String provider = request.getModel().getProvider();
    long started = System.nanoTime();
    java.util.concurrent.atomic.AtomicBoolean streamed =
        new java.util.concurrent.atomic.AtomicBoolean();
    return providers
        .get(provider)
        .map(
            p ->
                p.complete(
                    request,
                    (index, text) -> {
                      if (streamed.compareAndSet(false, true)) {
                        ExecutorMeters.firstToken(
                            request, Duration.ofNanos(System.nanoTime() - started));
                      }
                      publisher.publish(
                          topics.threadDeltas(),
                          request.getThreadId(),
                          new ContentDelta(
                              request.getRequestId(),
                              request.getThreadId(),
                              request.getEpoch(),
                              index,
                              text,
                              clock.instant(),
                              null),
                          false);
                    }))
        .orElseGet(
            () ->
                new ModelOutcome.Failure(
                    "unknown_provider",
                    "no model provider '" + provider + "'; this executor has " + providers.names(),
                    false));
  }

  /**
   * A final reply (no tool calls) to a step or subprompt whose model asks for a JSON response
   * format, checked against it: a reply that does not answer it is a model error, not retried.
   */
  private static ModelOutcome structured(ModelRequest request, ModelOutcome outcome) {
    if (!(outcome instanceof ModelOutcome.Reply reply)
        || !reply.toolCalls().isEmpty()
        || "compaction".equals(request.getPurpose())
        || !request.getModel().getConfigJson().contains("responseFormat")) {
      return outcome;
    }
    String refused;
    try {
      refused =
          ModelOptions.replyRefusal(
              dev.threadline.serde.PooledJson.MAPPER.readTree(request.getModel().getConfigJson()),
              reply.text());
    } catch (java.io.IOException e) {
      return outcome; // a configuration that is not JSON was refused before the call
    }
    return refused == null
        ? outcome
        : new ModelOutcome.Failure("output_schema_mismatch", refused, false);
  }

  /**
   * A reply the result record could not carry, or the thread could not take, is a failure that
   * names the limit — the same the step processor applies.
   */
  private ModelOutcome withinLimits(ModelOutcome outcome) {
    if (!(outcome instanceof ModelOutcome.Reply reply)) {
      return outcome;
    }
    long bytes = Utf8.length(reply.text()) + Utf8.length(reply.providerItems());
    for (ToolCall call : reply.toolCalls()) {
      bytes +=
          Utf8.length(call.getCallId())
              + Utf8.length(call.getName())
              + Utf8.length(call.getArgumentsJson());
    }
    Limits.ReplyRefusal refused = limits.replyRefusal(reply.toolCalls().size(), bytes);
    return refused == null
        ? outcome
        : new ModelOutcome.Failure(refused.code(), refused.message(), false);
  }

  private void publish(
      ModelRequest request, Object outcome, List<HookFailure> hookFailures, boolean servedEarly) {
    ModelResult result =
        new ModelResult(
            request.getRequestId(),
            request.getThreadId(),
            request.getEpoch(),
            clock.instant(),
            outcome,
            new ArrayList<>(hookFailures),
            servedEarly);
    run.publish(
        request.getRequestId(),
        () -> publisher.publish(topics.modelResults(), request.getThreadId(), result, true));
  }
}
