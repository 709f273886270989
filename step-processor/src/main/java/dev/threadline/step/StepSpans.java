package dev.threadline.step;

import dev.threadline.logs.LogIds;
import dev.threadline.traces.KafkaSpans;
import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/**
 * The step processor's spans: one for each record it handles and each deadline or timer it fires —
 * the decision and all it carries out — a child of the trace the record carries. While one is
 * current, every record the processor writes carries it on ({@link TraceHeaders#current}), so the
 * executor's call and the next decision join the same trace.
 */
final class StepSpans {
  static final String THREAD_ID = "threadline.thread.id";
  private final Tracer tracer;

  StepSpans(Tracer tracer) {
    this.tracer = tracer;
  }

  /**
   * A span for handling {@code record} — read where {@code metadata} says (absent for a record a
   * punctuator forwarded) for {@code application} — current until closed.
   */
  Open record(
      Record<String, Object> record, Optional<RecordMetadata> metadata, String application) {
    String kind = record.value() == null ? "tombstone" : record.value().getClass().getSimpleName();
    Open open = open("step " + kind, record.key(), TraceHeaders.extract(record.headers()));
    if (open.span().isRecording()) {
      metadata.ifPresent(
          m ->
              open.span()
                  .setAllAttributes(
                      KafkaSpans.processing(
                          m.topic(), m.partition(), m.offset(), record.key(), application)));
    }
    return open;
  }

  /** A span for firing what is due on thread {@code threadId} ({@code what}: deadline, timer). */
  Open fired(String what, String threadId) {
    return open("step " + what, threadId, Context.root());
  }

  private Open open(String name, String threadId, Context parent) {
    Span span =
        tracer
            .spanBuilder(name)
            .setParent(parent)
            .setSpanKind(SpanKind.CONSUMER)
            .setAttribute(THREAD_ID, threadId == null ? "" : threadId)
            .startSpan();
    return new Open(span, span.makeCurrent(), LogIds.ofSpan(span.getSpanContext()));
  }

  /** A span that is current, its ids on what is logged meanwhile: closing it ends it. */
  record Open(Span span, Scope scope, LogIds ids) implements AutoCloseable {
    @Override
    public void close() {
      ids.close();
      scope.close();
      span.end();
    }
  }
}
