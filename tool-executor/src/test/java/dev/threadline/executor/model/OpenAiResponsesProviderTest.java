package dev.threadline.executor.model;

import static dev.threadline.executor.model.AnthropicProviderTest.assistant;
import static dev.threadline.executor.model.AnthropicProviderTest.result;
import static dev.threadline.executor.model.AnthropicProviderTest.system;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolCall;
import dev.threadline.executor.Requests;
import dev.threadline.executor.net.UrlGuard;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.testkit.StrictChatCompletions.Call;
import dev.threadline.testkit.StrictResponses;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The openai-responses provider, through the official OpenAI SDK, against a stand-in that holds
 * every request to the Responses API's rules and answers in its shapes: nothing it sends is
 * refused.
 */
class OpenAiResponsesProviderTest {
  private static final String CONFIG =
      "{\"provider\":\"openai-responses\",\"endpoint\":\"responses\"";
  private final AtomicReference<StrictResponses.Reply> next =
      new AtomicReference<>(StrictResponses.Reply.text("Hello there"));
  private StrictResponses api;
  private OpenAiResponsesProvider provider;

  @BeforeEach
  void start() throws Exception {
    api = StrictResponses.start(request -> next.get(), "oa-key");
    provider = provider(api.baseUrl(), "oa-key");
  }

  static OpenAiResponsesProvider provider(String baseUrl, String key) {
    return provider(baseUrl, key, ImageParts.NONE);
  }

  static OpenAiResponsesProvider provider(String baseUrl, String key, ImageParts images) {
    return new OpenAiResponsesProvider(
        new ModelClients(
            ModelEndpoints.of(new ModelEndpoints.Endpoint("responses", baseUrl, key)),
            EndpointPolicies.withEndpoint("responses", "openai-responses"),
            new UrlGuard(Set.of()),
            Duration.ofSeconds(5)),
        "gpt-test",
        new ToolRegistry(List.of(new EchoTool()))::complete,
        images);
  }

  @AfterEach
  void stop() {
    api.close();
  }

  private static ModelRequest request(String configTail) {
    return Requests.model(
        "t-1", "openai-responses", CONFIG + configTail + "}", 1, Requests.T0.plusSeconds(60));
  }

  @Test
  void aStreamedReplyArrivesAsDeltasAndAsOneReply() {
    List<String> pieces = new ArrayList<>();

    var reply = (ModelOutcome.Reply) provider.complete(request(""), (i, text) -> pieces.add(text));

    assertThat(api.refusals()).isEmpty();
    assertThat(reply.text()).isEqualTo("Hello there");
    assertThat(pieces).hasSizeGreaterThan(1);
    assertThat(String.join("", pieces)).isEqualTo("Hello there");
    assertThat(reply.finishReason()).isEqualTo("stop");
    assertThat(reply.usage().getInputTokens()).isPositive();
    JsonNode sent = api.requests().getLast();
    assertThat(sent.path("instructions").asText()).isEqualTo("be brief");
    assertThat(sent.path("store").asBoolean(true)).isFalse();
  }

  @Test
  void functionCallsAndTheirOutputsMakeAToolLoop() {
    next.set(
        new StrictResponses.Reply(null, null, List.of(new Call("call_1", "echo", "{\"n\":1}"))));
    ModelRequest request = request(",\"stream\":false");

    var first = (ModelOutcome.Reply) provider.complete(request, DeltaSink.NONE);

    assertThat(first.toolCalls()).containsExactly(new ToolCall("call_1", "echo", "{\"n\":1}"));
    assertThat(first.finishReason()).isEqualTo("tool_calls");
    request.getMessages().add(assistant(first.toolCalls()));
    request.getMessages().add(result("call_1", "1"));
    request.getMessages().add(system("Working set — tools used recently: echo"));
    next.set(StrictResponses.Reply.text("n is 1"));

    var second = (ModelOutcome.Reply) provider.complete(request, DeltaSink.NONE);

    assertThat(api.refusals()).isEmpty();
    assertThat(second.text()).isEqualTo("n is 1");
    JsonNode input = api.requests().getLast().path("input");
    assertThat(input.get(1).path("type").asText()).isEqualTo("function_call");
    assertThat(input.get(2).path("type").asText()).isEqualTo("function_call_output");
    assertThat(input.get(3).path("role").asText()).isEqualTo("system");
  }

  @Test
  void reasoningIsCarriedEncryptedToTheTurnsNextCall() {
    next.set(
        new StrictResponses.Reply(
            "the user wants n", null, List.of(new Call("call_1", "echo", "{\"n\":1}"))));
    ModelRequest request = request(",\"reasoning\":{\"effort\":\"low\"}");

    var first = (ModelOutcome.Reply) provider.complete(request, DeltaSink.NONE);

    assertThat(api.requests().getLast().path("include").toString())
        .contains("reasoning.encrypted_content");
    assertThat(first.providerItems()).contains("\"openai-responses\"", "encrypted_content");
    ChatMessage withReasoning = assistant(first.toolCalls());
    withReasoning.setProviderItemsJson(first.providerItems());
    request.getMessages().add(withReasoning);
    request.getMessages().add(result("call_1", "1"));
    next.set(StrictResponses.Reply.text("n is 1"));
    provider.complete(request, DeltaSink.NONE);

    assertThat(api.refusals()).isEmpty();
    JsonNode input = api.requests().getLast().path("input");
    assertThat(input.get(1).path("type").asText()).isEqualTo("reasoning");
    assertThat(input.get(2).path("type").asText()).isEqualTo("function_call");

    // Reasoning the API did not issue is refused, as the real one refuses tampered content.
    withReasoning.setProviderItemsJson(first.providerItems().replace("enc-", "forged-"));
    provider.complete(request, DeltaSink.NONE);
    assertThat(api.refusals()).singleElement().asString().contains("could not be verified");
  }

  @Test
  void theOptionsGoAsTheApiNamesThem() {
    ModelRequest request =
        request(
            ",\"temperature\":0.3,\"topP\":0.9,\"toolChoice\":{\"name\":\"echo\"},"
                + "\"parallelToolCalls\":false,"
                + "\"responseFormat\":{\"type\":\"json_schema\",\"schema\":{\"type\":\"object\"}}");
    // A runtime cap below the API's least is raised to it.
    request.setMaxOutputTokens(4);
    provider.complete(request, DeltaSink.NONE);

    assertThat(api.refusals()).isEmpty();
    JsonNode sent = api.requests().getLast();
    assertThat(sent.path("temperature").asDouble()).isEqualTo(0.3);
    assertThat(sent.path("max_output_tokens").asLong()).isEqualTo(16);
    assertThat(sent.path("tool_choice").path("name").asText()).isEqualTo("echo");
    assertThat(sent.path("parallel_tool_calls").asBoolean(true)).isFalse();
    assertThat(sent.path("text").path("format").path("name").asText()).isEqualTo("reply");
  }

  @Test
  void anEndpointOfAnotherKindIsNotCalled() {
    var refused =
        (ModelOutcome.Failure)
            provider.complete(
                Requests.model(
                    "t-1",
                    "openai-responses",
                    "{\"provider\":\"openai-responses\"}",
                    1,
                    Requests.T0),
                DeltaSink.NONE);
    assertThat(refused.message()).contains("serves provider 'openai'");
    assertThat(api.requests()).isEmpty();
  }
}
