package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.core.http.StreamResponse;
import com.openai.errors.OpenAIIoException;
import com.openai.errors.OpenAIServiceException;
import com.openai.helpers.ResponseAccumulator;
import com.openai.models.responses.FunctionTool;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseOutputItem;
import com.openai.models.responses.ResponseStreamEvent;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.ToolDefinition;
import dev.threadline.avro.Usage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * OpenAI's Responses API through the official OpenAI Java SDK: function tools, streamed text to
 * {@code thread-deltas}, images, reasoning carried between the calls of a turn, usage with cached
 * input. The runtime holds the conversation, so a call stores nothing ({@code store: false}) and a
 * reasoning model's reasoning comes back encrypted, is kept with the assistant message ({@code
 * providerItemsJson} under {@code "openai-responses"}) and goes back with it ({@link
 * ResponsesConversation}). Endpoints, keys, agents' own URLs and failures are as for {@code openai}
 * ({@link ModelClients}, {@link OpenAiFailures}); an endpoint serves this kind when its {@code
 * .provider} says {@code openai-responses}.
 */
public record OpenAiResponsesProvider(
    ModelClients clients,
    String defaultModel,
    UnaryOperator<ToolDefinition> completeDefinition,
    ImageParts images)
    implements ModelProvider {
  /** The API's least {@code max_output_tokens}. */
  static final long MIN_OUTPUT_TOKENS = 16;

  /** The built-in {@code openai-responses} kind, on every executor's classpath. */
  public static final class Factory implements ModelProviderFactory {
    @Override
    public String kind() {
      return ResponsesConversation.KIND;
    }

    @Override
    public ModelProvider create(ProviderContext context) {
      return new OpenAiResponsesProvider(
          context.clients(),
          context.defaultModel(),
          context.completeDefinition(),
          context.images());
    }
  }

  @Override
  public String name() {
    return ResponsesConversation.KIND;
  }

  @Override
  public ModelOutcome complete(ModelRequest request, DeltaSink deltas) {
    CallSetup setup =
        CallSetup.of(request, defaultModel, "the agent definition or THREADLINE_MODEL");
    if (setup.refused() != null) {
      return setup.refused();
    }
    JsonNode config = setup.config();
    OpenAIClient client;
    switch (clients.choose(request.getTenantId(), config, ResponsesConversation.KIND)) {
      case ModelClients.Choice.Refused(String code, String message) -> {
        return new ModelOutcome.Failure(code, message, false);
      }
      case ModelClients.Choice.Use(OpenAIClient chosen) -> client = chosen;
    }
    ResponseCreateParams params;
    try {
      params = params(request, setup.model(), config);
    } catch (IOException e) {
      return new ModelOutcome.Failure(
          "invalid_request", "a tool's parameters are not a JSON object: " + e.getMessage(), false);
    }
    try {
      Response response;
      if (setup.stream()) {
        ResponseAccumulator accumulator = ResponseAccumulator.create();
        int index = 0;
        try (StreamResponse<ResponseStreamEvent> stream =
            client.responses().createStreaming(params)) {
          for (ResponseStreamEvent event :
              (Iterable<ResponseStreamEvent>) stream.stream()::iterator) {
            accumulator.accumulate(event);
            if (event.isOutputTextDelta() && !event.asOutputTextDelta().delta().isEmpty()) {
              deltas.delta(index++, event.asOutputTextDelta().delta());
            }
          }
        }
        response = accumulator.response();
      } else {
        response = client.responses().create(params);
      }
      return reply(response);
    } catch (OpenAIServiceException e) {
      return OpenAiFailures.refused(e, request.getThreadId());
    } catch (OpenAIIoException e) {
      return CallFailures.unreachable(e, request.getThreadId());
    } catch (RuntimeException e) {
      return CallFailures.failed(e, request.getThreadId());
    }
  }

  ResponseCreateParams params(ModelRequest request, String model, JsonNode config)
      throws IOException {
    ResponsesConversation.Built built =
        ResponsesConversation.of(
            request.getMessages(),
            images.forRequest(request, model, CallSetup.recentImages(config)));
    ResponseCreateParams.Builder b =
        ResponseCreateParams.builder().model(model).store(false).inputOfResponse(built.input());
    if (built.instructions() != null) {
      b.instructions(built.instructions());
    }
    for (ToolDefinition raw : request.getTools()) {
      ToolDefinition t = completeDefinition.apply(raw);
      FunctionTool.Builder f =
          FunctionTool.builder()
              .name(t.getName())
              .strict(false)
              .parameters(
                  FunctionTool.Parameters.builder()
                      .additionalProperties(OpenAiProvider.parameters(t))
                      .build());
      if (t.getDescription() != null) {
        f.description(t.getDescription());
      }
      b.addTool(f.build());
    }
    Long max =
        config != null && config.has("maxOutputTokens")
            ? Long.valueOf(config.get("maxOutputTokens").asLong())
            : request.getMaxOutputTokens() == null
                ? null
                : Long.valueOf(request.getMaxOutputTokens().longValue());
    if (max != null) {
      b.maxOutputTokens(Math.max(MIN_OUTPUT_TOKENS, max));
    }
    ResponsesOptions.apply(config, b, !request.getTools().isEmpty());
    return b.build();
  }

  private static ModelOutcome reply(Response response) {
    StringBuilder text = new StringBuilder();
    boolean anyText = false;
    List<ToolCall> calls = new ArrayList<>();
    for (ResponseOutputItem item : response.output()) {
      if (item.isMessage()) {
        for (var content : item.asMessage().content()) {
          if (content.isOutputText()) {
            text.append(content.asOutputText().text());
            anyText = true;
          }
        }
      } else if (item.isFunctionCall()) {
        var call = item.asFunctionCall();
        calls.add(new ToolCall(call.callId(), call.name(), call.arguments()));
      }
    }
    Usage usage =
        response
            .usage()
            .map(
                u ->
                    new Usage(
                        u.inputTokens(),
                        u.outputTokens(),
                        u.inputTokensDetails()._cachedTokens().asKnown().orElse(0L),
                        u.inputTokensDetails()._cacheWriteTokens().asKnown().orElse(0L)))
            .orElse(new Usage(0L, 0L, 0L, 0L));
    String incomplete =
        response.incompleteDetails().flatMap(d -> d.reason()).map(r -> r.asString()).orElse(null);
    String finish =
        "max_output_tokens".equals(incomplete)
            ? "length"
            : "content_filter".equals(incomplete)
                ? "content_filter"
                : calls.isEmpty() ? "stop" : "tool_calls";
    return new ModelOutcome.Reply(
        anyText ? text.toString() : null,
        calls,
        usage,
        finish,
        response.model().asString(),
        ResponsesConversation.items(response.output()));
  }
}
