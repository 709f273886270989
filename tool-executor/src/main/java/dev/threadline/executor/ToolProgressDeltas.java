package dev.threadline.executor;

import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ToolProgress;
import dev.threadline.executor.tools.ProgressReports;
import dev.threadline.topics.Topics;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A running call's progress on {@code thread-deltas}, beside a model's streamed answers: each
 * report a delta of the call's request, numbered in the order the tool made them, sent without
 * waiting for the broker (progress is news while the call runs; a lost step is not worth holding a
 * call for).
 */
record ToolProgressDeltas(ResultPublisher publisher, Topics topics, Clock clock)
    implements ProgressReports {
  @Override
  public Sink forCall(dev.threadline.avro.ToolRequest request) {
    AtomicInteger index = new AtomicInteger();
    return (progress, total, message) ->
        publisher.publish(
            topics.threadDeltas(),
            request.getThreadId(),
            new ContentDelta(
                request.getRequestId(),
                request.getThreadId(),
                request.getEpoch(),
                index.getAndIncrement(),
                "",
                clock.instant(),
                new ToolProgress(progress, total, message)),
            false);
  }
}
