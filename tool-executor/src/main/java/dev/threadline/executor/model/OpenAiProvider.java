package dev.threadline.executor.model;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.client.OpenAIClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.OpenAIIoException;
import com.openai.errors.OpenAIServiceException;
import com.openai.helpers.ChatCompletionAccumulator;
import com.openai.models.FunctionDefinition;
import com.openai.models.FunctionParameters;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionAssistantMessageParam;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionContentPart;
import com.openai.models.chat.completions.ChatCompletionContentPartImage;
import com.openai.models.chat.completions.ChatCompletionContentPartText;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionFunctionTool;
import com.openai.models.chat.completions.ChatCompletionMessageFunctionToolCall;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import com.openai.models.chat.completions.ChatCompletionStreamOptions;
import com.openai.models.chat.completions.ChatCompletionToolMessageParam;
import com.openai.models.chat.completions.ChatCompletionUserMessageParam;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.ToolDefinition;
import dev.threadline.avro.Usage;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, OpenRouter, vLLM, Ollama, llama.cpp
 * server) through the official OpenAI Java SDK: tool calling, streaming with deltas, usage.
 *
 * <p>The agent definition's model config names an operator endpoint and a model ({@code
 * {"provider":"openai","endpoint":"default","model":"gpt-4o-mini","stream":true}}); {@link
 * ModelClients} picks the endpoint's client and key, or refuses what the tenant may not use. The
 * model falls back to {@code THREADLINE_MODEL}. The SDK's own retries are off: the step processor
 * owns retry policy, so failures are classified and returned at once (429, 5xx, 408 and I/O errors
 * or timeouts are retryable; 400, 401, 403 and 404 are not).
 */
public final class OpenAiProvider implements ModelProvider {
  private static final ObjectMapper JSON = PooledJson.MAPPER;

  private final ModelClients clients;
  private final String defaultModel;
  private final UnaryOperator<ToolDefinition> completeDefinition;
  private final ImageParts images;

  public OpenAiProvider(
      ModelClients clients, String model, UnaryOperator<ToolDefinition> completeDefinition) {
    this(clients, model, completeDefinition, ImageParts.NONE);
  }

  /**
   * @param completeDefinition fills in a tool's description and parameters from the executor's tool
   *     registry when the agent definition left them out
   * @param images user messages' image attachments as image parts, for models that see images
   */
  public OpenAiProvider(
      ModelClients clients,
      String model,
      UnaryOperator<ToolDefinition> completeDefinition,
      ImageParts images) {
    this.clients = clients;
    this.defaultModel = model;
    this.completeDefinition = completeDefinition;
    this.images = images;
  }

  /** The built-in {@code openai} kind (Chat Completions), on every executor's classpath. */
  public static final class Factory implements ModelProviderFactory {
    @Override
    public String kind() {
      return "openai";
    }

    @Override
    public ModelProvider create(ProviderContext context) {
      return new OpenAiProvider(
          context.clients(),
          context.defaultModel(),
          context.completeDefinition(),
          context.images());
    }
  }

  @Override
  public String name() {
    return "openai";
  }

  @Override
  public ModelOutcome complete(ModelRequest request, DeltaSink deltas) {
    CallSetup setup =
        CallSetup.of(request, defaultModel, "the agent definition or THREADLINE_MODEL");
    if (setup.refused() != null) {
      return setup.refused();
    }
    JsonNode config = setup.config();
    ChatCompletionCreateParams params;
    try {
      params = params(request, setup.model(), config, setup.recentImages());
    } catch (IOException e) {
      return new ModelOutcome.Failure(
          "invalid_request", "a tool's parameters are not a JSON object: " + e.getMessage(), false);
    }
    OpenAIClient client;
    switch (clients.choose(request.getTenantId(), config)) {
      case ModelClients.Choice.Refused(String code, String message) -> {
        return new ModelOutcome.Failure(code, message, false);
      }
      case ModelClients.Choice.Use(OpenAIClient chosen) -> client = chosen;
    }
    try {
      ChatCompletion completion;
      if (config != null && setup.stream()) {
        ChatCompletionAccumulator accumulator = ChatCompletionAccumulator.create();
        ChatCompletionCreateParams streaming =
            params.toBuilder()
                .streamOptions(ChatCompletionStreamOptions.builder().includeUsage(true).build())
                .build();
        int index = 0;
        try (StreamResponse<ChatCompletionChunk> stream =
            client.chat().completions().createStreaming(streaming)) {
          for (ChatCompletionChunk chunk :
              (Iterable<ChatCompletionChunk>) stream.stream()::iterator) {
            accumulator.accumulate(chunk);
            for (ChatCompletionChunk.Choice choice : chunk.choices()) {
              String piece = choice.delta().content().orElse(null);
              if (piece != null && !piece.isEmpty()) {
                deltas.delta(index++, piece);
              }
            }
          }
        }
        completion = accumulator.chatCompletion();
      } else {
        completion = client.chat().completions().create(params);
      }
      return reply(completion);
    } catch (OpenAIServiceException e) {
      return OpenAiFailures.refused(e, request.getThreadId());
    } catch (OpenAIIoException e) {
      return CallFailures.unreachable(e, request.getThreadId());
    } catch (RuntimeException e) {
      return CallFailures.failed(e, request.getThreadId());
    }
  }

  ChatCompletionCreateParams params(
      ModelRequest request, String model, JsonNode config, int recentImages) throws IOException {
    ChatCompletionCreateParams.Builder b = ChatCompletionCreateParams.builder().model(model);
    List<ChatMessage> messages = request.getMessages();
    ImageParts.Sent sent = images.forRequest(request, model, recentImages);
    List<ImageParts.Part> shown = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      ChatMessage m = messages.get(i);
      String content = m.getContent() == null ? "" : m.getContent();
      switch (m.getRole()) {
        case SYSTEM -> b.addSystemMessage(content);
        case USER -> b.addMessage(user(content, sent.parts(m, i)));
        case ASSISTANT -> {
          ChatCompletionAssistantMessageParam.Builder a =
              ChatCompletionAssistantMessageParam.builder();
          if (m.getContent() != null) {
            a.content(m.getContent());
          }
          for (ToolCall c : m.getToolCalls()) {
            a.addToolCall(
                ChatCompletionMessageFunctionToolCall.builder()
                    .id(c.getCallId())
                    .function(
                        ChatCompletionMessageFunctionToolCall.Function.builder()
                            .name(c.getName())
                            .arguments(c.getArgumentsJson())
                            .build())
                    .build());
          }
          b.addMessage(a.build());
        }
        case TOOL -> {
          b.addMessage(
              ChatCompletionToolMessageParam.builder()
                  .toolCallId(m.getToolCallId())
                  .content(content)
                  .build());
          List<ImageParts.Part> parts = sent.parts(m, i);
          if (parts != null) {
            shown.addAll(parts.subList(1, parts.size())); // its text went in the tool message
          }
          boolean lastResult =
              i + 1 == messages.size() || messages.get(i + 1).getRole() != Role.TOOL;
          if (lastResult && !shown.isEmpty()) {
            // A tool message holds text only: the images the results show follow them, as the
            // user message the API allows after the last result of a batch.
            shown.addFirst(new ImageParts.Part.Text(SHOWN_BY_TOOLS));
            b.addMessage(user("", shown));
            shown = new ArrayList<>();
          }
        }
      }
    }
    for (ToolDefinition raw : request.getTools()) {
      ToolDefinition t = completeDefinition.apply(raw);
      FunctionDefinition.Builder f = FunctionDefinition.builder().name(t.getName());
      if (t.getDescription() != null) {
        f.description(t.getDescription());
      }
      f.parameters(FunctionParameters.builder().additionalProperties(parameters(t)).build());
      b.addTool(ChatCompletionFunctionTool.builder().function(f.build()).build());
    }
    if (request.getMaxOutputTokens() != null) {
      b.maxCompletionTokens(request.getMaxOutputTokens().longValue());
    }
    ChatOptions.apply(config, b, !request.getTools().isEmpty());
    return b.build();
  }

  /** A tool's parameters (an object schema; {@code {"type":"object"}} when it has none). */
  static Map<String, JsonValue> parameters(ToolDefinition t) throws IOException {
    Map<String, Object> schema =
        t.getParametersJson() == null
            ? Map.of("type", "object")
            : JSON.readValue(
                t.getParametersJson(), new TypeReference<LinkedHashMap<String, Object>>() {});
    Map<String, JsonValue> properties = new LinkedHashMap<>();
    schema.forEach((k, v) -> properties.put(k, JsonValue.from(v)));
    return properties;
  }

  /** What introduces the images tool results show, sent after the results. */
  static final String SHOWN_BY_TOOLS = "The images the tool results above show:";

  /** A user message: its text, or — where it goes with images — its parts. */
  static ChatCompletionUserMessageParam user(String text, List<ImageParts.Part> parts) {
    if (parts == null) {
      return ChatCompletionUserMessageParam.builder().content(text).build();
    }
    List<ChatCompletionContentPart> wire =
        ImageParts.each(
            parts,
            t ->
                ChatCompletionContentPart.ofText(
                    ChatCompletionContentPartText.builder().text(t).build()),
            picture ->
                ChatCompletionContentPart.ofImageUrl(
                    ChatCompletionContentPartImage.builder()
                        .imageUrl(
                            ChatCompletionContentPartImage.ImageUrl.builder()
                                .url(picture.dataUrl())
                                .build())
                        .build()));
    return ChatCompletionUserMessageParam.builder().contentOfArrayOfContentParts(wire).build();
  }

  private static ModelOutcome reply(ChatCompletion completion) {
    if (completion.choices().isEmpty()) {
      return new ModelOutcome.Failure("empty_response", "the model returned no choices", true);
    }
    ChatCompletion.Choice choice = completion.choices().getFirst();
    List<ToolCall> calls = new ArrayList<>();
    for (ChatCompletionMessageToolCall call : choice.message().toolCalls().orElse(List.of())) {
      if (call.isFunction()) {
        var fn = call.asFunction();
        calls.add(new ToolCall(fn.id(), fn.function().name(), fn.function().arguments()));
      }
    }
    Usage usage =
        completion
            .usage()
            .map(
                u ->
                    new Usage(
                        u.promptTokens(),
                        u.completionTokens(),
                        u.promptTokensDetails().flatMap(d -> d.cachedTokens()).orElse(0L),
                        0L))
            .orElse(new Usage(0L, 0L, 0L, 0L));
    return new ModelOutcome.Reply(
        choice.message().content().orElse(null),
        calls,
        usage,
        choice.finishReason().toString(),
        completion.model());
  }
}
