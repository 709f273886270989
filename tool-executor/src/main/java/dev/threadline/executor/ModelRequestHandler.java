package dev.threadline.executor;

import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelResult;
import dev.threadline.executor.model.ModelOutcome;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.topics.ContextDigest;
import dev.threadline.topics.ModelContexts;
import dev.threadline.topics.Topics;
import java.time.Clock;
import java.util.ArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers one model request: rebuilds its whole context when it reuses the thread's previous one
 * (or answers {@code context_missing} when that is not held here), skips a copy of a request it ran
 * already ({@link RequestsRun}), calls the provider — even when the request waited past its
 * deadline in a busy lane — streams deltas to thread-deltas and publishes the result. Returns only
 * after the result is acknowledged.
 */
final class ModelRequestHandler {
  private static final Logger log = LoggerFactory.getLogger(ModelRequestHandler.class);

  private final Topics topics;
  private final ModelProviders providers;
  private final ModelContexts contexts;
  private final ResultPublisher publisher;
  private final Clock clock;
  private final RequestsRun run = new RequestsRun();

  ModelRequestHandler(
      Topics topics,
      ModelProviders providers,
      ModelContexts contexts,
      ResultPublisher publisher,
      Clock clock) {
    this.topics = topics;
    this.providers = providers;
    this.contexts = contexts;
    this.publisher = publisher;
    this.clock = clock;
  }

  void handle(ConsumerRecord<String, byte[]> record) {
    ModelRequest request =
        publisher.decode(
            record,
            topics.modelRequests(dev.threadline.avro.ThreadGroup.TASK).valueSerde().deserializer());
    if (request == null) {
      return;
    }
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
        publish(request, new ModelError(ContextDigest.MISSING, missing.reason(), true));
        return;
      }
    }
    // A request that waited past its deadline in a busy lane is still work; a re-issued copy of
    // one already run here is not.
    if (!run.first(request.getRequestId())) {
      log.debug(
          "skipping model request {} of thread {}: a copy of it ran here already",
          request.getRequestId(),
          request.getThreadId());
      return;
    }
    String provider = request.getModel().getProvider();
    ModelOutcome outcome =
        providers
            .get(provider)
            .map(
                p ->
                    p.complete(
                        request,
                        (index, text) ->
                            publisher.publish(
                                topics.threadDeltas(),
                                request.getThreadId(),
                                new ContentDelta(
                                    request.getRequestId(),
                                    request.getThreadId(),
                                    request.getEpoch(),
                                    index,
                                    text,
                                    clock.instant()),
                                false)))
            .orElseGet(
                () ->
                    new ModelOutcome.Failure(
                        "unknown_provider",
                        "no model provider '"
                            + provider
                            + "'; this executor has "
                            + providers.names(),
                        false));
    Object payload =
        switch (outcome) {
          case ModelOutcome.Reply r ->
              new ModelResponse(
                  r.text(), new ArrayList<>(r.toolCalls()), r.usage(), r.finishReason(), r.model());
          case ModelOutcome.Failure f -> new ModelError(f.code(), f.message(), f.retryable());
        };
    publish(request, payload);
  }

  private void publish(ModelRequest request, Object outcome) {
    ModelResult result =
        new ModelResult(
            request.getRequestId(),
            request.getThreadId(),
            request.getEpoch(),
            clock.instant(),
            outcome);
    publisher.publish(topics.modelResults(), request.getThreadId(), result, true);
  }
}
