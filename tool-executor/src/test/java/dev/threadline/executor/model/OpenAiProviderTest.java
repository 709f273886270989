package dev.threadline.executor.model;

import static dev.threadline.testkit.HttpReplies.send;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.Role;
import dev.threadline.avro.ToolCall;
import dev.threadline.config.ModelPolicy;
import dev.threadline.executor.Requests;
import dev.threadline.executor.net.UrlGuard;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.testkit.StrictChatCompletions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The openai provider against a local server that speaks the chat-completions protocol. */
class OpenAiProviderTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private HttpServer server;
  private final AtomicReference<JsonNode> lastRequest = new AtomicReference<>();
  private volatile String mode = "json";
  private OpenAiProvider provider;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/chat/completions", this::answer);
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    provider =
        new OpenAiProvider(
            clients(base, "test-key"),
            "gpt-test",
            new ToolRegistry(List.of(new EchoTool()))::complete);
  }

  static ModelClients clients(String baseUrl, String key) {
    return new ModelClients(
        ModelEndpoints.of(new ModelEndpoints.Endpoint("default", baseUrl, key)),
        ModelPolicy.from(Map.of()),
        new UrlGuard(Set.of()),
        Duration.ofSeconds(5));
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private void answer(HttpExchange exchange) throws IOException {
    lastRequest.set(JSON.readTree(exchange.getRequestBody()));
    List<String> problems = StrictChatCompletions.violations(lastRequest.get());
    if (!problems.isEmpty()) {
      // As the real API does: 400, invalid_request_error, naming what is wrong.
      send(
          exchange,
          400,
          "application/json",
          JSON.createObjectNode()
              .set(
                  "error",
                  JSON.createObjectNode()
                      .put("message", "Invalid 'messages': " + problems.getFirst())
                      .put("type", "invalid_request_error")
                      .put("param", "messages"))
              .toString());
      return;
    }
    switch (mode) {
      case "json" ->
          send(
              exchange,
              200,
              "application/json",
              """
          {"id":"c1","object":"chat.completion","created":1,"model":"gpt-test","choices":[{"index":0,"finish_reason":"tool_calls",
            "message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_a","type":"function","function":{"name":"echo","arguments":"{\\"n\\":1}"}}]}}],
           "usage":{"prompt_tokens":12,"completion_tokens":5,"total_tokens":17}}""");
      case "sse" ->
          send(
              exchange,
              200,
              "text/event-stream",
              chunk("{\"role\":\"assistant\",\"content\":\"Hel\"}", null)
                  + chunk("{\"content\":\"lo there\"}", null)
                  + chunk("{}", "\"stop\"")
                  + "data: {\"id\":\"c2\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\",\"choices\":[],\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":2,\"total_tokens\":9}}\n\n"
                  + "data: [DONE]\n\n");
      case "sse-tools" ->
          send(
              exchange,
              200,
              "text/event-stream",
              chunk(
                      "{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"id\":\"call_s\",\"type\":\"function\",\"function\":{\"name\":\"echo\",\"arguments\":\"{\\\"n\\\"\"}}]}",
                      null)
                  + chunk(
                      "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\":2}\"}}]}", null)
                  + chunk("{}", "\"tool_calls\"")
                  + "data: [DONE]\n\n");
      case "429" -> {
        exchange.getResponseHeaders().add("retry-after", "20");
        send(
            exchange,
            429,
            "application/json",
            "{\"error\":{\"message\":\"Rate limit reached for gpt-4o in organization"
                + " org-0p3r4t0r on tokens per min: Limit 30000, Used 29000\","
                + "\"type\":\"tokens\",\"code\":\"rate_limit_exceeded\"}}");
      }
      case "too-long" ->
          send(
              exchange,
              400,
              "application/json",
              "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens.\","
                  + "\"type\":\"invalid_request_error\",\"param\":\"messages\","
                  + "\"code\":\"context_length_exceeded\"}}");
      default ->
          send(
              exchange,
              401,
              "application/json",
              "{\"error\":{\"message\":\"Incorrect API key provided: sk-proj-****2a9f.\","
                  + "\"type\":\"invalid_request_error\",\"code\":\"invalid_api_key\"}}");
    }
  }

  private static String chunk(String delta, String finish) {
    return "data: {\"id\":\"c2\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\",\"choices\":[{\"index\":0,\"delta\":"
        + delta
        + ",\"finish_reason\":"
        + (finish == null ? "null" : finish)
        + "}]}\n\n";
  }

  private ModelOutcome call(String config, List<String> deltas) {
    var request = Requests.model("t-1", "openai", config, 2, Requests.T0.plusSeconds(60));
    request.getMessages().add(echoCalled());
    request
        .getMessages()
        .add(
            ChatMessage.newBuilder()
                .setRole(Role.TOOL)
                .setToolCallId("call_0")
                .setToolName("echo")
                .setContent("{}")
                .build());
    return provider.complete(request, (i, text) -> deltas.add(text));
  }

  @Test
  void sendsTheConversationAndToolsAndReadsToolCallsAndUsage() {
    ModelOutcome outcome = call("{\"provider\":\"openai\",\"stream\":false}", new ArrayList<>());

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Reply.class,
            r -> {
              assertThat(r.toolCalls())
                  .containsExactly(new ToolCall("call_a", "echo", "{\"n\":1}"));
              assertThat(r.usage().getInputTokens()).isEqualTo(12);
              assertThat(r.usage().getOutputTokens()).isEqualTo(5);
              assertThat(r.finishReason()).isEqualTo("tool_calls");
            });
    JsonNode sent = lastRequest.get();
    assertThat(sent.get("model").asText()).isEqualTo("gpt-test");
    assertThat(sent.get("messages"))
        .extracting(m -> m.get("role").asText())
        .containsExactly("system", "user", "assistant", "tool");
    assertThat(sent.get("messages").get(2).get("tool_calls").get(0).get("id").asText())
        .isEqualTo("call_0");
    assertThat(sent.get("messages").get(3).get("tool_call_id").asText()).isEqualTo("call_0");
    JsonNode tool = sent.get("tools").get(0).get("function");
    assertThat(tool.get("name").asText()).isEqualTo("echo");
    assertThat(tool.get("description").asText())
        .isEqualTo("Returns its arguments unchanged."); // filled from the registry
  }

  @Test
  void streamsTextAsDeltasOverSse() {
    mode = "sse";
    List<String> deltas = new ArrayList<>();

    ModelOutcome outcome = call("{\"provider\":\"openai\",\"stream\":true}", deltas);

    assertThat(deltas).containsExactly("Hel", "lo there");
    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Reply.class,
            r -> {
              assertThat(r.text()).isEqualTo("Hello there");
              assertThat(r.usage().getInputTokens()).isEqualTo(7);
            });
    assertThat(lastRequest.get().get("stream").asBoolean()).isTrue();
  }

  @Test
  void assemblesStreamedToolCalls() {
    mode = "sse-tools";

    ModelOutcome outcome = call("{\"provider\":\"openai\"}", new ArrayList<>());

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Reply.class,
            r ->
                assertThat(r.toolCalls())
                    .containsExactly(new ToolCall("call_s", "echo", "{\"n\":2}")));
  }

  @Test
  void rateLimitsAreRetryableAndBadCredentialsAreNot() {
    mode = "429";
    assertThat(call("{\"stream\":false}", new ArrayList<>()))
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> {
              assertThat(f.code()).isEqualTo("http_429");
              assertThat(f.retryable()).isTrue();
              assertThat(f.retryAfter()).isEqualTo(java.time.Duration.ofSeconds(20));
            });
    mode = "401";
    assertThat(call("{\"stream\":false}", new ArrayList<>()))
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> {
              assertThat(f.code()).isEqualTo("http_401");
              assertThat(f.retryable()).isFalse();
            });
  }

  /** The step processor compacts on this code and calls again (ContextOverflowTest). */
  @Test
  void aContextTooLongForTheModelIsItsOwnKindOfFailure() {
    mode = "too-long";
    assertThat(call("{\"stream\":false}", new ArrayList<>()))
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> {
              assertThat(f.code()).isEqualTo(dev.threadline.config.ModelErrors.CONTEXT_TOO_LONG);
              assertThat(f.retryable()).isFalse();
              assertThat(f.message()).contains("maximum context length");
            });
  }

  /**
   * What the endpoint says of the operator's account — its organization, its usage, a hint of its
   * key — is the operator's: the tenant's failure says what kind of refusal it was, no more.
   */
  @Test
  void aProvidersErrorTellsTheTenantItsKindNotTheOperatorsAccount() {
    for (String refusal : List.of("429", "401")) {
      mode = refusal;
      assertThat(call("{\"stream\":false}", new ArrayList<>()))
          .isInstanceOfSatisfying(
              ModelOutcome.Failure.class,
              f ->
                  assertThat(f.message())
                      .doesNotContain("org-0p3r4t0r", "29000", "sk-proj", "2a9f")
                      .contains(refusal.equals("429") ? "rate_limit_exceeded" : "credentials"));
    }
  }

  @Test
  void aConversationWithAnUnansweredToolCallIsRefusedWith400AsTheRealApiDoes() {
    var request = Requests.model("t-1", "openai", "{\"model\":\"gpt-test\"}", 2, Requests.T0);
    request.getMessages().add(echoCalled());
    request.getMessages().add(ChatMessage.newBuilder().setRole(Role.USER).setContent("hi").build());

    ModelOutcome outcome = provider.complete(request, (i, text) -> {});

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> {
              assertThat(f.retryable()).isFalse();
              assertThat(f.message()).contains("before the answers to [call_0]");
            });
  }

  @Test
  void anUnreachableEndpointIsRetryable() {
    var down = new OpenAiProvider(clients("http://127.0.0.1:1/v1", "k"), "m", d -> d);
    var outcome =
        down.complete(
            Requests.model("t-1", "openai", "{\"stream\":false}", 1, Requests.T0), DeltaSink.NONE);
    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class, f -> assertThat(f.retryable()).isTrue());
  }

  // ---- images ----

  private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 1, 2, 3};

  /** A request whose last user message carries an uploaded image, to {@code model}. */
  private JsonNode sentWithAnImage(String model, String config) throws IOException {
    java.nio.file.Path root = java.nio.file.Files.createTempDirectory("images-");
    var files = new dev.threadline.files.FolderThreadFiles(root);
    files.write(
        "acme",
        "t-1",
        "/attachments/cat.png",
        "image/png",
        new java.io.ByteArrayInputStream(PNG),
        1000);
    String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    var seeing =
        new OpenAiProvider(
            clients(base, "test-key"),
            model,
            d -> d,
            new ImageParts(files, new dev.threadline.config.ModelProfiles(Map.of())));
    var request = Requests.model("t-1", "openai", config, 1, Requests.T0.plusSeconds(60));
    request
        .getMessages()
        .add(ChatMessage.newBuilder().setRole(Role.ASSISTANT).setContent("send it").build());
    request
        .getMessages()
        .add(
            ChatMessage.newBuilder()
                .setRole(Role.USER)
                .setContent("what is this?")
                .setAttachments(
                    new ArrayList<>(
                        List.of(
                            new dev.threadline.avro.Attachment(
                                "/attachments/cat.png", null, null, null))))
                .build());
    assertThat(seeing.complete(request, DeltaSink.NONE)).isInstanceOf(ModelOutcome.Reply.class);
    return lastRequest.get().path("messages").get(3);
  }

  @Test
  void anImageReachesAVisionModelAsAnImagePartTheStrictServerAccepts() throws IOException {
    JsonNode user = sentWithAnImage("gpt-4o", "{\"stream\":false}");

    assertThat(user.path("content").isArray()).isTrue();
    assertThat(user.path("content").get(0).path("text").asText()).isEqualTo("what is this?");
    assertThat(user.path("content").get(1).path("image_url").path("url").asText())
        .isEqualTo("data:image/png;base64," + java.util.Base64.getEncoder().encodeToString(PNG));
  }

  @Test
  void aModelWithoutVisionOrAnImageOlderThanTheThresholdGetsTheTextOnly() throws IOException {
    assertThat(sentWithAnImage("gpt-3.5-turbo", "{\"stream\":false}").path("content").asText())
        .isEqualTo("what is this?");
    assertThat(
            sentWithAnImage("gpt-4o", "{\"stream\":false,\"recentImageThreshold\":0}")
                .path("content")
                .asText())
        .isEqualTo("what is this?");
  }

  /** The model's earlier turn that called {@code echo} as {@code call_0}. */
  private static ChatMessage echoCalled() {
    return ChatMessage.newBuilder()
        .setRole(Role.ASSISTANT)
        .setToolCalls(new ArrayList<>(List.of(new ToolCall("call_0", "echo", "{}"))))
        .build();
  }
}
