package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.avro.ToolDefinition;
import dev.threadline.executor.Requests;
import dev.threadline.testkit.StrictChatCompletions;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A model configuration's options reach Chat Completions as the real API names them, through the
 * official SDK, and the strict stand-in (which refuses what the real API refuses) takes them.
 */
class OpenAiOptionsTest {
  private final AtomicReference<JsonNode> sent = new AtomicReference<>();
  private StrictChatCompletions endpoint;

  @BeforeEach
  void start() throws Exception {
    endpoint =
        StrictChatCompletions.start(
            request -> {
              sent.set(request);
              return StrictChatCompletions.Reply.text("{\"n\": 1}");
            });
  }

  @AfterEach
  void stop() {
    endpoint.close();
  }

  private ModelOutcome call(String config) {
    OpenAiProvider provider =
        new OpenAiProvider(OpenAiProviderTest.clients(endpoint.baseUrl(), "k"), "gpt-test", d -> d);
    ModelRequest request = Requests.model("t-1", "openai", config, 1, Requests.T0.plusSeconds(60));
    request.setMessages(
        List.of(ChatMessage.newBuilder().setRole(Role.USER).setContent("count").build()));
    request.setTools(
        List.of(
            ToolDefinition.newBuilder()
                .setName("lookup")
                .setDescription("looks up")
                .setParametersJson("{\"type\": \"object\"}")
                .build()));
    return provider.complete(request, DeltaSink.NONE);
  }

  @Test
  void everyOptionReachesTheWireAsTheApiNamesIt() {
    ModelOutcome outcome =
        call(
            """
            {"provider": "openai", "stream": false, "temperature": 0.2, "topP": 0.9,
             "maxOutputTokens": 300, "stop": ["END"], "seed": 7, "parallelToolCalls": false,
             "reasoning": {"effort": "low"}, "toolChoice": {"name": "lookup"},
             "providerOptions": {"user": "u-1"},
             "responseFormat": {"type": "json_schema", "strict": true,
               "schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}}""");

    assertThat(endpoint.refusals()).isEmpty();
    assertThat(outcome).isInstanceOf(ModelOutcome.Reply.class);
    JsonNode wire = sent.get();
    assertThat(wire.path("temperature").asDouble()).isEqualTo(0.2);
    assertThat(wire.path("top_p").asDouble()).isEqualTo(0.9);
    assertThat(wire.path("max_completion_tokens").asInt()).isEqualTo(300);
    assertThat(wire.path("stop").get(0).asText()).isEqualTo("END");
    assertThat(wire.path("seed").asLong()).isEqualTo(7);
    assertThat(wire.path("parallel_tool_calls").asBoolean(true)).isFalse();
    assertThat(wire.path("reasoning_effort").asText()).isEqualTo("low");
    assertThat(wire.path("tool_choice").path("function").path("name").asText()).isEqualTo("lookup");
    assertThat(wire.path("user").asText()).isEqualTo("u-1");
    JsonNode format = wire.path("response_format");
    assertThat(format.path("type").asText()).isEqualTo("json_schema");
    assertThat(format.path("json_schema").path("name").asText()).isEqualTo("reply");
    assertThat(format.path("json_schema").path("strict").asBoolean()).isTrue();
    assertThat(format.path("json_schema").path("schema").path("type").asText()).isEqualTo("object");
  }

  @Test
  void aStepOfferedNoToolsIsSentNoToolChoiceAsTheApiRequires() {
    OpenAiProvider provider =
        new OpenAiProvider(OpenAiProviderTest.clients(endpoint.baseUrl(), "k"), "gpt-test", d -> d);
    ModelRequest request =
        Requests.model(
            "t-2",
            "openai",
            "{\"provider\": \"openai\", \"stream\": false, \"parallelToolCalls\": true,"
                + " \"toolChoice\": \"required\"}",
            1,
            Requests.T0.plusSeconds(60));
    request.setMessages(
        List.of(ChatMessage.newBuilder().setRole(Role.USER).setContent("hi").build()));
    request.setTools(List.of());

    provider.complete(request, DeltaSink.NONE);

    assertThat(endpoint.refusals()).isEmpty();
    assertThat(sent.get().has("parallel_tool_calls")).isFalse();
    assertThat(sent.get().has("tool_choice")).isFalse();
  }

  @Test
  void withoutOptionsTheRequestCarriesNoneOfThem() {
    call("{\"provider\": \"openai\", \"stream\": false}");

    assertThat(endpoint.refusals()).isEmpty();
    assertThat(sent.get().has("temperature")).isFalse();
    assertThat(sent.get().has("response_format")).isFalse();
    assertThat(sent.get().has("tool_choice")).isFalse();
  }
}
