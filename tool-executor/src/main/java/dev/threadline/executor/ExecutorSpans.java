package dev.threadline.executor;

import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ToolResult;
import dev.threadline.traces.KafkaSpans;
import dev.threadline.traces.TraceHeaders;
import dev.threadline.traces.Tracing;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The executor's spans: one per request it handles, a child of the decision that wrote the request
 * (the trace its headers carry), current while it runs so the result it publishes carries it on. A
 * model call's and a tool call's span are named and described by the OpenTelemetry generative-AI
 * conventions ({@code chat <model>}, {@code execute_tool <tool>}, {@code gen_ai.*}, the thread as
 * {@code gen_ai.conversation.id}), and by the messaging conventions as the processing of its
 * record.
 */
final class ExecutorSpans {
  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("gen_ai.provider.name");
  static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
  static final AttributeKey<String> RESPONSE_MODEL =
      AttributeKey.stringKey("gen_ai.response.model");
  static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
  static final AttributeKey<Long> CACHE_READ_TOKENS =
      AttributeKey.longKey("gen_ai.usage.cache_read.input_tokens");
  static final AttributeKey<Long> CACHE_WRITE_TOKENS =
      AttributeKey.longKey("gen_ai.usage.cache_creation.input_tokens");
  static final AttributeKey<Long> OUTPUT_TOKENS =
      AttributeKey.longKey("gen_ai.usage.output_tokens");
  static final AttributeKey<List<String>> FINISH_REASONS =
      AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
  static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
  static final AttributeKey<String> TOOL_CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> THREAD_ID = AttributeKey.stringKey("threadline.thread.id");

  /** The conventions' conversation: a Threadline thread. */
  static final AttributeKey<String> CONVERSATION = AttributeKey.stringKey("gen_ai.conversation.id");

  /** The request's options, by the conventions' names for them. */
  private static final Map<String, AttributeKey<Double>> DOUBLE_OPTIONS =
      Map.of(
          "temperature", AttributeKey.doubleKey("gen_ai.request.temperature"),
          "topP", AttributeKey.doubleKey("gen_ai.request.top_p"));

  private static final Map<String, AttributeKey<Long>> LONG_OPTIONS =
      Map.of(
          "maxOutputTokens", AttributeKey.longKey("gen_ai.request.max_tokens"),
          "seed", AttributeKey.longKey("gen_ai.request.seed"));

  private final Tracer tracer;

  ExecutorSpans(Tracer tracer) {
    this.tracer = tracer;
  }

  /**
   * Runs {@code handling} of {@code record} in a span named {@code name} until the handler names it
   * by what it turns out to be.
   */
  void within(ConsumerRecord<String, byte[]> record, String name, Runnable handling) {
    Tracing.within(
        tracer
            .spanBuilder(name)
            .setParent(TraceHeaders.extract(record.headers()))
            .setSpanKind(SpanKind.CLIENT)
            .setAllAttributes(
                KafkaSpans.processing(
                    record.topic(), record.partition(), record.offset(), record.key(), null)),
        handling);
  }

  /** The options a model configuration sets, on {@code span}. */
  private static void options(Span span, String configJson) {
    // Parsed only when it names one of them: this runs for every model call.
    if (configJson == null
        || Stream.concat(DOUBLE_OPTIONS.keySet().stream(), LONG_OPTIONS.keySet().stream())
            .noneMatch(option -> configJson.contains("\"" + option + "\""))) {
      return;
    }
    com.fasterxml.jackson.databind.JsonNode config;
    try {
      config = dev.threadline.serde.PooledJson.MAPPER.readTree(configJson);
    } catch (java.io.IOException e) {
      return;
    }
    DOUBLE_OPTIONS.forEach(
        (option, key) -> {
          if (config.path(option).isNumber()) {
            span.setAttribute(key, config.get(option).asDouble());
          }
        });
    LONG_OPTIONS.forEach(
        (option, key) -> {
          if (config.path(option).isIntegralNumber()) {
            span.setAttribute(key, config.get(option).asLong());
          }
        });
  }

  /**
   * The semantic conventions' name of the provider of kind {@code kind}: both OpenAI APIs are
   * {@code openai}; others are their kind.
   */
  static String providerName(String kind) {
    return "openai-responses".equals(kind) ? "openai" : kind;
  }

  /** The current span is model call {@code request}, answered with {@code outcome}. */
  static void modelCall(ModelRequest request, Object outcome) {
    String model = request.getModel().getModel() == null ? "" : request.getModel().getModel();
    Span span =
        Span.current()
            .updateName("chat " + model)
            .setAttribute(OPERATION, "chat")
            .setAttribute(PROVIDER, providerName(request.getModel().getProvider()))
            .setAttribute(REQUEST_MODEL, model)
            .setAttribute(THREAD_ID, request.getThreadId())
            .setAttribute(CONVERSATION, request.getThreadId());
    options(span, request.getModel().getConfigJson());
    switch (outcome) {
      case ModelResponse r -> {
        if (r.getUsage() != null) {
          span.setAttribute(INPUT_TOKENS, r.getUsage().getInputTokens())
              .setAttribute(OUTPUT_TOKENS, r.getUsage().getOutputTokens())
              .setAttribute(CACHE_READ_TOKENS, r.getUsage().getCacheReadTokens())
              .setAttribute(CACHE_WRITE_TOKENS, r.getUsage().getCacheWriteTokens());
        }
        if (r.getFinishReason() != null) {
          span.setAttribute(FINISH_REASONS, List.of(r.getFinishReason()));
        }
        if (r.getModel() != null) {
          span.setAttribute(RESPONSE_MODEL, r.getModel());
        }
      }
      case ModelError e -> span.setAttribute(ERROR_TYPE, e.getCode()).setStatus(StatusCode.ERROR);
      default -> {}
    }
  }

  /** The current span is the tool call {@code result} answers. */
  static void toolCall(ToolResult result) {
    Span span =
        Span.current()
            .updateName("execute_tool " + result.getToolName())
            .setAttribute(OPERATION, "execute_tool")
            .setAttribute(TOOL_NAME, result.getToolName())
            .setAttribute(TOOL_CALL_ID, result.getCallId())
            .setAttribute(THREAD_ID, result.getThreadId())
            .setAttribute(CONVERSATION, result.getThreadId());
    if (result.getError() != null) {
      span.setAttribute(ERROR_TYPE, result.getError().getCode()).setStatus(StatusCode.ERROR);
    }
  }
}
