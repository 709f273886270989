package dev.threadline.executor;

import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ToolResult;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles one tool request: skips a copy of a request it ran already ({@link RequestsRun}), runs it
 * through the {@link ToolRunner} — a request that waited past its deadline in a busy lane gets its
 * whole time from when it starts — and publishes the result; returns once the result is
 * acknowledged.
 */
final class ToolRequestHandler {
  private static final Logger log = LoggerFactory.getLogger(ToolRequestHandler.class);

  private final Topics topics;
  private final ToolRunner runner;
  private final ResultPublisher publisher;
  private final Clock clock;
  private final RequestsRun run = new RequestsRun();

  ToolRequestHandler(Topics topics, ToolRegistry tools, ResultPublisher publisher, Clock clock) {
    this.topics = topics;
    this.runner = new ToolRunner(tools);
    this.publisher = publisher;
    this.clock = clock;
  }

  void handle(ConsumerRecord<String, byte[]> record) {
    ToolRequest request =
        publisher.decode(record, topics.toolRequests().valueSerde().deserializer());
    if (request == null) {
      return;
    }
    if (!run.first(request.getRequestId())) {
      log.debug(
          "skipping tool request {} of thread {}: a copy of it ran here already",
          request.getRequestId(),
          request.getThreadId());
      return;
    }
    Instant started = clock.instant();
    if (request.getDeadline().isBefore(started)) {
      // It waited in a busy lane: the tool gets its whole time from now, not what is left of it.
      request.setDeadline(
          started.plus(Duration.between(request.getIssuedAt(), request.getDeadline())));
    }
    ToolRunner.Outcome outcome = runner.run(request);
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
            outcome.error(),
            new java.util.ArrayList<>(outcome.effects()));
    publisher.publish(topics.toolResults(), request.getThreadId(), result, true);
  }
}
