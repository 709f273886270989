package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.Usage;
import dev.threadline.testkit.InMemoryTraces;
import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/**
 * A request's span is a child of the decision that wrote it and carries on into its result; it is
 * named and described by the generative-AI conventions.
 */
class ExecutorSpansTest {
  private final InMemoryTraces traces = new InMemoryTraces();
  private final ExecutorSpans spans =
      new ExecutorSpans(traces.telemetry().getTracer("dev.threadline"));
  private final Span decision =
      traces.telemetry().getTracer("test").spanBuilder("step ThreadCommand").startSpan();

  private ConsumerRecord<String, byte[]> requestRecord() {
    ConsumerRecord<String, byte[]> record =
        new ConsumerRecord<>("threadline.model-requests.task", 0, 0L, "t-1", new byte[0]);
    TraceHeaders.inject(Context.root().with(decision), record.headers());
    return record;
  }

  private static ModelRequest request() {
    ModelRequest r = new ModelRequest();
    r.setThreadId("t-1");
    r.setModel(new ModelSpec("openai", "gpt-x", "{}"));
    return r;
  }

  @Test
  void aModelCallIsAChatSpanUnderTheDecisionAndItsResultCarriesIt() {
    RecordHeaders[] published = new RecordHeaders[1];
    spans.within(
        requestRecord(),
        "chat",
        () -> {
          ExecutorSpans.modelCall(
              request(),
              new ModelResponse(
                  "hi", List.of(), new Usage(120L, 30L, 100L, 5L), "stop", "gpt-x-1", null));
          published[0] = (RecordHeaders) TraceHeaders.current();
        });

    SpanData chat = traces.only("chat gpt-x");
    assertThat(chat.getParentSpanId()).isEqualTo(decision.getSpanContext().getSpanId());
    assertThat(chat.getTraceId()).isEqualTo(decision.getSpanContext().getTraceId());
    assertThat(chat.getAttributes().get(ExecutorSpans.OPERATION)).isEqualTo("chat");
    assertThat(chat.getAttributes().get(ExecutorSpans.PROVIDER)).isEqualTo("openai");
    assertThat(chat.getAttributes().get(ExecutorSpans.INPUT_TOKENS)).isEqualTo(120L);
    assertThat(chat.getAttributes().get(ExecutorSpans.OUTPUT_TOKENS)).isEqualTo(30L);
    assertThat(chat.getAttributes().get(ExecutorSpans.CACHE_READ_TOKENS)).isEqualTo(100L);
    assertThat(chat.getAttributes().get(ExecutorSpans.CACHE_WRITE_TOKENS)).isEqualTo(5L);
    assertThat(chat.getAttributes().get(ExecutorSpans.FINISH_REASONS)).containsExactly("stop");
    assertThat(chat.getAttributes().get(ExecutorSpans.RESPONSE_MODEL)).isEqualTo("gpt-x-1");
    SpanContext carried = Span.fromContext(TraceHeaders.extract(published[0])).getSpanContext();
    assertThat(carried.getSpanId()).isEqualTo(chat.getSpanId());
  }

  @Test
  void aModelCallsOptionsAreItsRequestAttributes() {
    ModelRequest request = request();
    request.setModel(
        new ModelSpec(
            "openai",
            "gpt-x",
            "{\"temperature\": 0.2, \"topP\": 0.9, \"maxOutputTokens\": 300, \"seed\": 7}"));
    spans.within(
        requestRecord(),
        "chat",
        () ->
            ExecutorSpans.modelCall(
                request,
                new ModelResponse(
                    "hi", List.of(), new Usage(1L, 1L, 0L, 0L), "stop", "gpt-x", null)));

    var attributes = traces.only("chat gpt-x").getAttributes();
    assertThat(attributes.get(AttributeKey.doubleKey("gen_ai.request.temperature"))).isEqualTo(0.2);
    assertThat(attributes.get(AttributeKey.doubleKey("gen_ai.request.top_p"))).isEqualTo(0.9);
    assertThat(attributes.get(AttributeKey.longKey("gen_ai.request.max_tokens"))).isEqualTo(300L);
    assertThat(attributes.get(AttributeKey.longKey("gen_ai.request.seed"))).isEqualTo(7L);
  }

  @Test
  void aFailedModelCallIsAnErrorNamingItsCode() {
    spans.within(
        requestRecord(),
        "chat",
        () ->
            ExecutorSpans.modelCall(request(), new ModelError("rate_limited", "slow", true, null)));

    SpanData chat = traces.only("chat gpt-x");
    assertThat(chat.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(chat.getAttributes().get(ExecutorSpans.ERROR_TYPE)).isEqualTo("rate_limited");
  }

  @Test
  void aToolCallIsAnExecuteToolSpanNamingTheToolAndItsError() {
    ToolResult failed =
        new ToolResult(
            "r-1",
            "t-1",
            0L,
            "call-1",
            "fetch",
            Instant.EPOCH,
            5L,
            null,
            new ToolError("timeout", "too slow"),
            List.of(),
            new java.util.ArrayList<>(),
            false,
            List.of());
    spans.within(requestRecord(), "execute_tool", () -> ExecutorSpans.toolCall(failed));

    SpanData tool = traces.only("execute_tool fetch");
    assertThat(tool.getAttributes().get(ExecutorSpans.TOOL_NAME)).isEqualTo("fetch");
    assertThat(tool.getAttributes().get(ExecutorSpans.TOOL_CALL_ID)).isEqualTo("call-1");
    assertThat(tool.getAttributes().get(ExecutorSpans.ERROR_TYPE)).isEqualTo("timeout");
    assertThat(tool.getParentSpanId()).isEqualTo(decision.getSpanContext().getSpanId());
  }

  @Test
  void bothOpenAiApisAreTheOpenAiProviderInTheConventionsWords() {
    assertThat(ExecutorSpans.providerName("openai-responses")).isEqualTo("openai");
    assertThat(ExecutorSpans.providerName("anthropic")).isEqualTo("anthropic");
  }

  @Test
  void aRequestsSpanNamesTheRecordItProcessesAndTheConversation() {
    spans.within(
        requestRecord(),
        "chat",
        () ->
            ExecutorSpans.modelCall(
                request(),
                new ModelResponse("hi", List.of(), new Usage(1L, 1L, 0L, 0L), "stop", "x", null)));

    SpanData chat = traces.only("chat gpt-x");
    assertThat(chat.getAttributes().get(dev.threadline.traces.KafkaSpans.SYSTEM))
        .isEqualTo("kafka");
    assertThat(chat.getAttributes().get(dev.threadline.traces.KafkaSpans.OPERATION_TYPE))
        .isEqualTo("process");
    assertThat(chat.getAttributes().get(dev.threadline.traces.KafkaSpans.DESTINATION))
        .isEqualTo("threadline.model-requests.task");
    assertThat(chat.getAttributes().get(dev.threadline.traces.KafkaSpans.PARTITION)).isEqualTo("0");
    assertThat(chat.getAttributes().get(dev.threadline.traces.KafkaSpans.KEY)).isEqualTo("t-1");
    assertThat(chat.getAttributes().get(ExecutorSpans.CONVERSATION)).isEqualTo("t-1");
  }
}
