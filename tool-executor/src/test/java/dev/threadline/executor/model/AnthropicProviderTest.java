package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.avro.ToolCall;
import dev.threadline.config.ModelErrors;
import dev.threadline.executor.Requests;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.testkit.StrictChatCompletions.Call;
import dev.threadline.testkit.StrictMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The anthropic provider, through the official SDK, against a stand-in that holds every request to
 * the Messages API's rules and answers in its shapes: nothing it sends is refused.
 */
class AnthropicProviderTest {
  private static final String CONFIG = "{\"provider\":\"anthropic\",\"endpoint\":\"claude\"";
  private final AtomicReference<StrictMessages.Answer> next =
      new AtomicReference<>(StrictMessages.Reply.text("Hello there"));
  private StrictMessages api;
  private AnthropicProvider provider;

  @BeforeEach
  void start() throws Exception {
    api = StrictMessages.start(request -> next.get(), "ant-key");
    provider = provider(api.baseUrl(), "ant-key");
  }

  static AnthropicProvider provider(String baseUrl, String key) {
    return provider(baseUrl, key, ImageParts.NONE);
  }

  static AnthropicProvider provider(String baseUrl, String key, ImageParts images) {
    return new AnthropicProvider(
        new AnthropicClients(
            ModelEndpoints.of(new ModelEndpoints.Endpoint("claude", baseUrl, key)),
            EndpointPolicies.withEndpoint("claude", "anthropic"),
            Duration.ofSeconds(5)),
        "claude-test",
        1024,
        new ToolRegistry(List.of(new EchoTool()))::complete,
        images);
  }

  @AfterEach
  void stop() {
    api.close();
  }

  private static ModelRequest request(String configTail) {
    return Requests.model(
        "t-1", "anthropic", CONFIG + configTail + "}", 1, Requests.T0.plusSeconds(60));
  }

  @Test
  void aStreamedReplyArrivesAsDeltasAndAsOneReply() {
    List<String> pieces = new ArrayList<>();

    var outcome = provider.complete(request(""), (index, text) -> pieces.add(text));

    assertThat(api.refusals()).isEmpty();
    var reply = (ModelOutcome.Reply) outcome;
    assertThat(reply.text()).isEqualTo("Hello there");
    assertThat(String.join("", pieces)).isEqualTo("Hello there");
    assertThat(pieces).hasSizeGreaterThan(1);
    assertThat(reply.finishReason()).isEqualTo("stop");
    assertThat(reply.model()).isEqualTo("claude-test");
    JsonNode sent = api.requests().getLast();
    assertThat(sent.path("stream").asBoolean()).isTrue();
    assertThat(sent.path("system").get(0).path("text").asText()).isEqualTo("be brief");
    assertThat(sent.path("max_tokens").asLong()).isEqualTo(1024);
  }

  @Test
  void toolUsesBecomeCallsAndResultsGoBackAsToolResultBlocks() {
    next.set(StrictMessages.Reply.calls(new Call("toolu_01", "echo", "{\"n\":1}")));
    ModelRequest request = request(",\"stream\":false");

    var reply = (ModelOutcome.Reply) provider.complete(request, DeltaSink.NONE);

    assertThat(reply.toolCalls()).containsExactly(new ToolCall("toolu_01", "echo", "{\"n\":1}"));
    assertThat(reply.finishReason()).isEqualTo("tool_calls");

    request.getMessages().add(assistant(reply.toolCalls()));
    request.getMessages().add(result("toolu_01", "1"));
    next.set(StrictMessages.Reply.text("done"));
    assertThat(((ModelOutcome.Reply) provider.complete(request, DeltaSink.NONE)).text())
        .isEqualTo("done");

    assertThat(api.refusals()).isEmpty();
    JsonNode sent = api.requests().getLast();
    JsonNode results = sent.path("messages").get(2).path("content");
    assertThat(results.get(0).path("type").asText()).isEqualTo("tool_result");
    assertThat(results.get(0).path("tool_use_id").asText()).isEqualTo("toolu_01");
    assertThat(sent.path("tools").get(0).path("input_schema").path("type").asText())
        .isEqualTo("object");
  }

  @Test
  void theSecondCallOfAToolLoopReadsItsPrefixFromTheCache() {
    next.set(StrictMessages.Reply.calls(new Call("toolu_01", "echo", "{\"n\":1}")));
    ModelRequest request = request("");
    var first = (ModelOutcome.Reply) provider.complete(request, DeltaSink.NONE);
    request.getMessages().add(assistant(first.toolCalls()));
    request.getMessages().add(result("toolu_01", "1"));
    // The working set changes from one call to the next; it must not move the cached prefix.
    request.getMessages().add(system("Working set — tools used recently: echo"));
    next.set(StrictMessages.Reply.text("done"));

    var second = (ModelOutcome.Reply) provider.complete(request, DeltaSink.NONE);

    assertThat(api.refusals()).isEmpty();
    assertThat(second.usage().getInputTokens()).isGreaterThan(0);
    JsonNode sent = api.requests().getLast();
    JsonNode last = sent.path("messages").get(sent.path("messages").size() - 1).path("content");
    assertThat(last.get(last.size() - 1).path("text").asText()).startsWith("Working set");
    assertThat(last.get(last.size() - 2).has("cache_control")).isTrue();
    assertThat(api.cacheReads().getLast()).isGreaterThan(0);
    // The runtime's input counts what the cache served, and says how much that was.
    assertThat(second.usage().getCacheReadTokens()).isEqualTo(api.cacheReads().getLast());
    assertThat(second.usage().getInputTokens()).isGreaterThan(second.usage().getCacheReadTokens());
  }

  @Test
  void thinkingIsKeptWithTheAnswerAndGoesBackFirstWithinAToolLoop() {
    next.set(
        new StrictMessages.Reply(
            "the user wants n", null, List.of(new Call("toolu_01", "echo", "{\"n\":1}"))));
    ModelRequest request = request(",\"reasoning\":{\"budgetTokens\":2048}");

    var first = (ModelOutcome.Reply) provider.complete(request, DeltaSink.NONE);

    assertThat(first.providerItems())
        .contains("the user wants n", StrictMessages.signature("the user wants n"));
    assertThat(api.requests().getLast().path("max_tokens").asLong()).isGreaterThan(2048);

    ChatMessage withThinking = assistant(first.toolCalls());
    withThinking.setProviderItemsJson(first.providerItems());
    request.getMessages().add(withThinking);
    request.getMessages().add(result("toolu_01", "1"));
    next.set(StrictMessages.Reply.text("n is 1"));
    provider.complete(request, DeltaSink.NONE);

    assertThat(api.refusals()).isEmpty();
    JsonNode turn = api.requests().getLast().path("messages").get(1).path("content");
    assertThat(turn.get(0).path("type").asText()).isEqualTo("thinking");
    assertThat(turn.get(0).path("signature").asText())
        .isEqualTo(StrictMessages.signature("the user wants n"));

    // Without it, the API refuses the loop's next call.
    withThinking.setProviderItemsJson(null);
    provider.complete(request, DeltaSink.NONE);
    assertThat(api.refusals()).singleElement().asString().contains("Expected `thinking`");
  }

  @Test
  void conversationsOfTheChatRulesHoldTheMessagesRules() {
    ModelRequest request = request("");
    request.getMessages().clear();
    // An assistant first, two users in a row, an empty assistant, a system note mid-way.
    request.getMessages().add(system("be brief"));
    request
        .getMessages()
        .add(ChatMessage.newBuilder().setRole(Role.ASSISTANT).setContent("hi").build());
    request.getMessages().add(user("one"));
    request.getMessages().add(user("two"));
    request
        .getMessages()
        .add(ChatMessage.newBuilder().setRole(Role.ASSISTANT).setContent("").build());
    request.getMessages().add(system("a subprompt's instructions"));
    request.getMessages().add(user("three"));
    request.getMessages().add(assistant(List.of(new ToolCall("call.1:x", "echo", "{}"))));
    request.getMessages().add(result("call.1:x", ""));
    request.getMessages().add(user("four"));

    provider.complete(request, DeltaSink.NONE);

    assertThat(api.refusals()).isEmpty();
    JsonNode messages = api.requests().getLast().path("messages");
    assertThat(messages.get(0).path("content").get(0).path("text").asText())
        .isEqualTo(AnthropicConversation.CONTINUES);
    JsonNode last = messages.get(messages.size() - 1).path("content");
    assertThat(last.get(0).path("tool_use_id").asText()).isEqualTo("call_1_x");
  }

  @Test
  void overloadedAndRateLimitedAreRetryableAfterWhatTheApiAsks() {
    next.set(StrictMessages.Failure.overloaded());
    var overloaded = (ModelOutcome.Failure) provider.complete(request(""), DeltaSink.NONE);
    assertThat(overloaded.code()).isEqualTo("overloaded");
    assertThat(overloaded.retryable()).isTrue();

    next.set(new StrictMessages.Failure(429, "rate_limit_error", "slow down, org-123", 7));
    var limited = (ModelOutcome.Failure) provider.complete(request(""), DeltaSink.NONE);
    assertThat(limited.retryable()).isTrue();
    assertThat(limited.retryAfter()).isEqualTo(Duration.ofSeconds(7));
    assertThat(limited.message()).doesNotContain("org-123");
  }

  @Test
  void aPromptTooLongIsTheContextKindAndABadRequestIsNotRetried() {
    next.set(
        new StrictMessages.Failure(
            400, "invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum", 0));
    var tooLong = (ModelOutcome.Failure) provider.complete(request(""), DeltaSink.NONE);
    assertThat(tooLong.code()).isEqualTo(ModelErrors.CONTEXT_TOO_LONG);

    next.set(new StrictMessages.Failure(400, "invalid_request_error", "messages: bad", 0));
    var bad = (ModelOutcome.Failure) provider.complete(request(""), DeltaSink.NONE);
    assertThat(bad.retryable()).isFalse();
    assertThat(bad.message()).contains("messages: bad", "invalid_request_error");
  }

  @Test
  void theOptionsGoAsTheApiNamesThem() {
    provider.complete(
        request(
            ",\"maxOutputTokens\":4000,\"stop\":[\"END\"],\"toolChoice\":\"required\","
                + "\"parallelToolCalls\":false,\"reasoning\":{\"budgetTokens\":2048},"
                + "\"responseFormat\":{\"type\":\"json_schema\",\"schema\":{\"type\":\"object\"}},"
                + "\"providerOptions\":{\"top_k\":5}"),
        DeltaSink.NONE);

    assertThat(api.refusals()).isEmpty();
    JsonNode sent = api.requests().getLast();
    assertThat(sent.path("max_tokens").asLong()).isEqualTo(4000);
    assertThat(sent.path("stop_sequences").get(0).asText()).isEqualTo("END");
    assertThat(sent.path("tool_choice").path("type").asText()).isEqualTo("any");
    assertThat(sent.path("tool_choice").path("disable_parallel_tool_use").asBoolean()).isTrue();
    assertThat(sent.path("thinking").path("budget_tokens").asLong()).isEqualTo(2048);
    assertThat(sent.path("output_config").path("format").path("type").asText())
        .isEqualTo("json_schema");
    assertThat(sent.path("top_k").asInt()).isEqualTo(5);
  }

  @Test
  void onlyTheOperatorsAnthropicEndpointsAreCalled() {
    var ownUrl =
        (ModelOutcome.Failure)
            provider.complete(
                Requests.model(
                    "t-1",
                    "anthropic",
                    "{\"provider\":\"anthropic\",\"baseUrl\":\"http://example.com\"}",
                    1,
                    Requests.T0),
                DeltaSink.NONE);
    assertThat(ownUrl.message()).contains("model.baseUrl");

    var openAiEndpoint =
        (ModelOutcome.Failure)
            provider.complete(
                Requests.model("t-1", "anthropic", "{\"provider\":\"anthropic\"}", 1, Requests.T0),
                DeltaSink.NONE);
    assertThat(openAiEndpoint.message()).contains("serves provider 'openai'");
    assertThat(api.requests()).isEmpty();
  }

  @Test
  void theOperatorsKeyIsSentAsTheApiAsks() throws Exception {
    try (StrictMessages strict = StrictMessages.start(r -> next.get(), "the-right-key")) {
      var refused =
          (ModelOutcome.Failure)
              provider(strict.baseUrl(), "a-wrong-key").complete(request(""), DeltaSink.NONE);
      assertThat(refused.code()).isEqualTo("http_401");
      var answered =
          provider(strict.baseUrl(), "the-right-key").complete(request(""), DeltaSink.NONE);
      assertThat(answered).isInstanceOf(ModelOutcome.Reply.class);
    }
  }

  static ChatMessage system(String text) {
    return ChatMessage.newBuilder().setRole(Role.SYSTEM).setContent(text).build();
  }

  static ChatMessage user(String text) {
    return ChatMessage.newBuilder().setRole(Role.USER).setContent(text).build();
  }

  static ChatMessage assistant(List<ToolCall> calls) {
    return ChatMessage.newBuilder().setRole(Role.ASSISTANT).setToolCalls(calls).build();
  }

  static ChatMessage result(String id, String text) {
    return ChatMessage.newBuilder()
        .setRole(Role.TOOL)
        .setToolCallId(id)
        .setToolName("echo")
        .setContent(text)
        .build();
  }
}
