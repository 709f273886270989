package dev.threadline.projector;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Each turn as one span of OpenTelemetry's generative-AI conventions, {@code invoke_agent <agent>}:
 * from its {@code TurnStarted} to its {@code TurnCompleted} in event time, in the trace its {@code
 * TurnStarted} record carried (the request that started it), its model and tool calls' spans beside
 * it in that trace. Made by the projector, which sees both ends of every turn in order and keeps
 * the start in the thread's summary — so a turn longer than any process's life is one span still.
 * Like the meters, a turn that ended more than {@link ProjectorMeters#RECENT} ago when projected is
 * not made again.
 */
final class TurnSpans {
  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> AGENT = AttributeKey.stringKey("gen_ai.agent.name");
  static final AttributeKey<String> CONVERSATION = AttributeKey.stringKey("gen_ai.conversation.id");
  private static final String TRACEPARENT = "traceparent";

  private final Tracer tracer;

  TurnSpans(Tracer tracer) {
    this.tracer = tracer;
  }

  /** The traceparent {@code headers} carry, kept while the turn runs; null for none. */
  static String traceparent(Headers headers) {
    Header header = headers == null ? null : headers.lastHeader(TRACEPARENT);
    return header == null || header.value() == null
        ? null
        : new String(header.value(), StandardCharsets.UTF_8);
  }

  /** Makes the span of the turn {@code event} ends, given its thread's summary before it. */
  void ended(ThreadSummary before, ThreadEvent event, Instant now) {
    if (!(event.getPayload() instanceof TurnCompleted completed)
        || before == null
        || before.getTurnStartedAt() == null
        || event.getTimestamp().isBefore(now.minus(ProjectorMeters.RECENT))) {
      return;
    }
    String parent = before.getTurnTraceparent();
    Context context =
        parent == null
            ? Context.root()
            : TraceHeaders.extractHttp(name -> TRACEPARENT.equals(name) ? parent : null);
    tracer
        .spanBuilder("invoke_agent " + before.getAgentName())
        .setParent(context)
        .setSpanKind(SpanKind.INTERNAL)
        .setStartTimestamp(before.getTurnStartedAt(), TimeUnit.MILLISECONDS)
        .setAttribute(OPERATION, "invoke_agent")
        .setAttribute(AGENT, before.getAgentName())
        .setAttribute(CONVERSATION, event.getThreadId())
        .setAttribute("threadline.turn", (long) event.getTurn())
        .setAttribute("threadline.turn.reason", completed.getReason())
        .startSpan()
        .end(event.getTimestamp().toEpochMilli(), TimeUnit.MILLISECONDS);
  }
}
