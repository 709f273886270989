package dev.threadline.executor.model;

import com.anthropic.client.AnthropicClient;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.errors.AnthropicIoException;
import com.anthropic.errors.AnthropicServiceException;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.Tool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.ToolDefinition;
import dev.threadline.avro.Usage;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claude through the Anthropic Messages API and the official Anthropic Java SDK: tool use, streamed
 * text to {@code thread-deltas}, images, the system prompt, prompt caching of the stable prefix
 * ({@link AnthropicConversation}), the options the API takes ({@link AnthropicOptions}). The agent
 * names an operator endpoint of kind {@code anthropic} ({@code {"provider":"anthropic","endpoint":
 * "claude","model":"claude-sonnet-4-5"}}). {@code stop_reason} is told in the runtime's words:
 * {@code end_turn} and {@code stop_sequence} are {@code stop}, {@code tool_use} is {@code
 * tool_calls}, {@code max_tokens} and {@code model_context_window_exceeded} are {@code length},
 * {@code refusal} is {@code content_filter}. The SDK's retries are off (the step processor owns
 * retry policy): {@link AnthropicRefusals} classifies what the API answers.
 */
public record AnthropicProvider(
    AnthropicClients clients,
    String defaultModel,
    long defaultMaxTokens,
    UnaryOperator<ToolDefinition> completeDefinition,
    ImageParts images)
    implements ModelProvider {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final Logger LOG = LoggerFactory.getLogger(AnthropicProvider.class);

  /** The model of a call that names none (the executor's default model is an OpenAI one). */
  static final String MODEL = "threadline.model.anthropic.model";

  /** The {@code max_tokens} of a call that names none: the API requires one. */
  static final String MAX_TOKENS = "threadline.model.anthropic.max.tokens";

  /** The built-in {@code anthropic} kind, on every executor's classpath. */
  public static final class Factory implements ModelProviderFactory {
    @Override
    public String kind() {
      return AnthropicClients.KIND;
    }

    @Override
    public ModelProvider create(ProviderContext context) {
      return new AnthropicProvider(
          new AnthropicClients(context.endpoints(), context.policy(), context.timeout()),
          context.settings().get(MODEL),
          Long.parseLong(context.settings().getOrDefault(MAX_TOKENS, "8192").trim()),
          context.completeDefinition(),
          context.images());
    }
  }

  @Override
  public String name() {
    return AnthropicClients.KIND;
  }

  @Override
  public ModelOutcome complete(ModelRequest request, DeltaSink deltas) {
    CallSetup setup = CallSetup.of(request, defaultModel, "the agent definition or " + MODEL);
    if (setup.refused() != null) {
      return setup.refused();
    }
    JsonNode config = setup.config();
    AnthropicClient client;
    switch (clients.choose(request.getTenantId(), config)) {
      case AnthropicClients.Choice.Refused(String code, String message) -> {
        return new ModelOutcome.Failure(code, message, false);
      }
      case AnthropicClients.Choice.Use(AnthropicClient chosen) -> client = chosen;
    }
    MessageCreateParams params;
    try {
      params = params(request, setup.model(), config);
    } catch (IOException | RuntimeException e) {
      return new ModelOutcome.Failure(
          "invalid_request", "a tool's parameters are not a JSON object: " + e.getMessage(), false);
    }
    try {
      Message message;
      if (setup.stream()) {
        MessageAccumulator accumulator = MessageAccumulator.create();
        int index = 0;
        try (StreamResponse<RawMessageStreamEvent> stream =
            client.messages().createStreaming(params)) {
          for (RawMessageStreamEvent event :
              (Iterable<RawMessageStreamEvent>) stream.stream()::iterator) {
            accumulator.accumulate(event);
            if (event.isContentBlockDelta() && event.asContentBlockDelta().delta().isText()) {
              String piece = event.asContentBlockDelta().delta().asText().text();
              if (!piece.isEmpty()) {
                deltas.delta(index++, piece);
              }
            }
          }
        }
        message = accumulator.message();
      } else {
        message = client.messages().create(params);
      }
      return reply(message);
    } catch (AnthropicServiceException e) {
      LOG.warn("model call of thread {} refused: {}", request.getThreadId(), e.getMessage());
      return AnthropicRefusals.failure(e);
    } catch (AnthropicIoException e) {
      return CallFailures.unreachable(e, request.getThreadId());
    } catch (RuntimeException e) {
      return CallFailures.failed(e, request.getThreadId());
    }
  }

  MessageCreateParams params(ModelRequest request, String model, JsonNode config)
      throws IOException {
    long maxTokens =
        config != null && config.has("maxOutputTokens")
            ? config.get("maxOutputTokens").asLong()
            : request.getMaxOutputTokens() != null
                ? request.getMaxOutputTokens().longValue()
                : defaultMaxTokens;
    long budget = config == null ? 0 : config.path("reasoning").path("budgetTokens").asLong(0);
    if (budget >= maxTokens) {
      // max_tokens includes the thinking: a budget the cap leaves no room under comes on top.
      maxTokens += budget;
    }
    MessageCreateParams.Builder b = MessageCreateParams.builder().model(model).maxTokens(maxTokens);
    AnthropicConversation.Built built =
        AnthropicConversation.of(
            request.getMessages(),
            images.forRequest(request, model, CallSetup.recentImages(config)));
    if (built.system() != null) {
      b.systemOfTextBlockParams(List.of(AnthropicConversation.cachedText(built.system())));
    }
    b.messages(built.messages());
    List<ToolDefinition> tools = request.getTools();
    for (int i = 0; i < tools.size(); i++) {
      b.addTool(tool(completeDefinition.apply(tools.get(i)), i == tools.size() - 1));
    }
    AnthropicOptions.apply(config, b, !tools.isEmpty());
    return b.build();
  }

  private static Tool tool(ToolDefinition t, boolean last) throws IOException {
    JsonNode schema =
        t.getParametersJson() == null
            ? JSON.createObjectNode().put("type", "object")
            : JSON.readTree(t.getParametersJson());
    if (schema == null || !schema.isObject()) {
      throw new IOException("tool " + t.getName() + "'s parameters are not an object");
    }
    Tool.InputSchema.Builder input = Tool.InputSchema.builder();
    schema
        .properties()
        .forEach(
            e -> {
              switch (e.getKey()) {
                case "type" -> {}
                case "properties" -> {
                  Tool.InputSchema.Properties.Builder p = Tool.InputSchema.Properties.builder();
                  e.getValue()
                      .properties()
                      .forEach(
                          f ->
                              p.putAdditionalProperty(
                                  f.getKey(), AnthropicOptions.wire(f.getValue())));
                  input.properties(p.build());
                }
                case "required" -> {
                  List<String> required = new ArrayList<>();
                  e.getValue().forEach(r -> required.add(r.asText()));
                  input.required(required);
                }
                default ->
                    input.putAdditionalProperty(e.getKey(), AnthropicOptions.wire(e.getValue()));
              }
            });
    Tool.Builder tool = Tool.builder().name(t.getName()).inputSchema(input.build());
    if (t.getDescription() != null && !t.getDescription().isEmpty()) {
      tool.description(t.getDescription());
    }
    if (last) {
      // The tools are the start of every request's prefix: one breakpoint caches them all.
      tool.cacheControl(AnthropicConversation.cache());
    }
    return tool.build();
  }

  private static ModelOutcome reply(Message message) {
    StringBuilder text = new StringBuilder();
    boolean anyText = false;
    List<ToolCall> calls = new ArrayList<>();
    for (ContentBlock block : message.content()) {
      if (block.isText()) {
        text.append(block.asText().text());
        anyText = true;
      } else if (block.isToolUse()) {
        var use = block.asToolUse();
        calls.add(new ToolCall(use.id(), use.name(), inputJson(use)));
      }
    }
    var u = message.usage();
    long read = u.cacheReadInputTokens().orElse(0L);
    long written = u.cacheCreationInputTokens().orElse(0L);
    // The API's input_tokens leaves out what the cache served or took; the runtime's counts all.
    long input = u.inputTokens() + read + written;
    return new ModelOutcome.Reply(
        anyText ? text.toString() : null,
        calls,
        new Usage(input, u.outputTokens(), read, written),
        finishReason(message.stopReason().orElse(null)),
        message.model().asString(),
        AnthropicThinking.items(message.content()));
  }

  private static String inputJson(com.anthropic.models.messages.ToolUseBlock use) {
    try {
      return JSON.writeValueAsString(use._input().convert(Object.class));
    } catch (IOException | RuntimeException e) {
      return "{}";
    }
  }

  static String finishReason(StopReason reason) {
    if (reason == null) {
      return null;
    }
    return switch (reason.asString()) {
      case "end_turn", "stop_sequence" -> "stop";
      case "tool_use" -> "tool_calls";
      case "max_tokens", "model_context_window_exceeded" -> "length";
      case "refusal" -> "content_filter";
      default -> reason.asString();
    };
  }
}
