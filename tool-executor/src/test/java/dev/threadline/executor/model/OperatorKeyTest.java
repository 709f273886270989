package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.threadline.config.ModelPolicy;
import dev.threadline.executor.Requests;
import dev.threadline.executor.net.UrlGuard;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The operator's model key goes to the operator's endpoint and nowhere else: a tenant that names a
 * URL of its own gets a refusal (or, where the operator allows agents their own URL, a call that
 * carries no key), and nothing at all reaches an internal address.
 */
class OperatorKeyTest {
  private static final String OPERATOR_KEY = "sk-operator-secret";
  private final Server operator = new Server();
  private final Server tenant = new Server();

  /** A chat-completions endpoint that records the Authorization header of every request. */
  static final class Server {
    final List<String> authorizations = new CopyOnWriteArrayList<>();
    HttpServer http;

    void start() throws IOException {
      http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      http.createContext("/v1/chat/completions", this::answer);
      http.start();
    }

    String url() {
      return "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
    }

    String hostPort() {
      return "127.0.0.1:" + http.getAddress().getPort();
    }

    private void answer(HttpExchange exchange) throws IOException {
      authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
      exchange.getRequestBody().readAllBytes();
      byte[] body =
          """
          {"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,
           "finish_reason":"stop","message":{"role":"assistant","content":"hi"}}]}"""
              .getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    }
  }

  @BeforeEach
  void start() throws IOException {
    operator.start();
    tenant.start();
  }

  @AfterEach
  void stop() {
    operator.http.stop(0);
    tenant.http.stop(0);
  }

  private ModelOutcome call(Map<String, String> settings, Set<String> guardAllows, String config) {
    ModelPolicy policy = ModelPolicy.from(settings);
    ModelClients clients =
        new ModelClients(
            ModelEndpoints.of(new ModelEndpoints.Endpoint("default", operator.url(), OPERATOR_KEY)),
            policy,
            new UrlGuard(guardAllows),
            Duration.ofSeconds(5));
    return new OpenAiProvider(clients, "m", d -> d)
        .complete(Requests.model("t-1", "openai", config, 1, Requests.T0), DeltaSink.NONE);
  }

  @Test
  void theOperatorsEndpointIsCalledWithTheOperatorsKey() {
    ModelOutcome outcome =
        call(
            Map.of(),
            Set.of(),
            "{\"provider\":\"openai\",\"endpoint\":\"default\",\"stream\":false}");

    assertThat(outcome).isInstanceOf(ModelOutcome.Reply.class);
    assertThat(operator.authorizations).containsExactly("Bearer " + OPERATOR_KEY);
  }

  /** The operator's key of an endpoint serving another provider never goes out as OpenAI's. */
  @Test
  void anEndpointOfAnotherProviderIsNotCalledAsAnOpenAiOne() {
    ModelOutcome outcome =
        call(
            Map.of(
                "threadline.model.providers", "openai,echo-model",
                "threadline.model.endpoint.default.provider", "echo-model"),
            Set.of(),
            "{\"endpoint\":\"default\",\"stream\":false}");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> assertThat(f.message()).contains("serves provider 'echo-model'"));
    assertThat(operator.authorizations).isEmpty();
  }

  @Test
  void aModelUrlChosenByTheTenantIsRefusedAndNothingIsSentToIt() {
    ModelOutcome outcome =
        call(
            Map.of(),
            Set.of(tenant.hostPort()),
            "{\"provider\":\"openai\",\"baseUrl\":\"" + tenant.url() + "\",\"stream\":false}");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> {
              assertThat(f.code()).isEqualTo("endpoint_refused");
              assertThat(f.retryable()).isFalse();
              assertThat(f.message()).contains("model.baseUrl");
            });
    assertThat(tenant.authorizations).isEmpty();
    assertThat(operator.authorizations).isEmpty();
  }

  @Test
  void aModelUrlTheOperatorAllowsIsCalledWithoutTheOperatorsKey() {
    ModelOutcome outcome =
        call(
            Map.of(ModelPolicy.BASE_URL_ALLOWED, "true"),
            Set.of(tenant.hostPort()),
            "{\"provider\":\"openai\",\"baseUrl\":\"" + tenant.url() + "\",\"stream\":false}");

    assertThat(outcome).isInstanceOf(ModelOutcome.Reply.class);
    assertThat(tenant.authorizations).hasSize(1);
    assertThat(tenant.authorizations.getFirst()).doesNotContain(OPERATOR_KEY);
  }

  @Test
  void anAllowedModelUrlOnAnInternalAddressIsRefusedByTheUrlGuard() {
    ModelOutcome outcome =
        call(
            Map.of(ModelPolicy.BASE_URL_ALLOWED, "true"),
            Set.of(),
            "{\"provider\":\"openai\",\"baseUrl\":\"" + tenant.url() + "\",\"stream\":false}");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> assertThat(f.message()).contains("blocked").doesNotContain("127.0.0.1:"));
    assertThat(tenant.authorizations).isEmpty();
  }

  @Test
  void anEndpointTheOperatorDidNotConfigureIsRefused() {
    ModelOutcome outcome =
        call(Map.of(), Set.of(), "{\"provider\":\"openai\",\"endpoint\":\"elsewhere\"}");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class,
            f -> assertThat(f.message()).contains("model.endpoint").contains("default"));
    assertThat(operator.authorizations).isEmpty();
  }

  @Test
  void aTenantHeldToAModelListCannotCallAnother() {
    ModelOutcome outcome =
        call(
            Map.of("threadline.model.tenant.acme.models", "cheap-*"),
            Set.of(),
            "{\"provider\":\"openai\",\"model\":\"expensive\",\"stream\":false}");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            ModelOutcome.Failure.class, f -> assertThat(f.message()).contains("model.model"));
    assertThat(operator.authorizations).isEmpty();
  }

  @Test
  void theKeyOfAnEndpointIsReadFromTheVariableOrFileTheOperatorNamed() throws Exception {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("model-key", ".txt");
    java.nio.file.Files.writeString(file, "sk-from-file\n");
    ModelPolicy policy = ModelPolicy.from(Map.of(ModelPolicy.ENDPOINTS, "default,fast,local"));
    ModelEndpoints endpoints =
        ModelEndpoints.from(
            policy,
            Map.of(
                "threadline.model.endpoint.fast.url", "https://fast.test/v1",
                "threadline.model.endpoint.fast.key.env", "FAST_KEY",
                "threadline.model.endpoint.local.url", "http://127.0.0.1:9/v1",
                "threadline.model.endpoint.local.key.file", file.toString()),
            Map.of("FAST_KEY", "sk-fast", "OPENAI_API_KEY", "sk-default"));

    assertThat(endpoints.get("default").apiKey()).isEqualTo("sk-default");
    assertThat(endpoints.get("default").baseUrl()).isEqualTo("https://api.openai.com/v1");
    assertThat(endpoints.get("fast").apiKey()).isEqualTo("sk-fast");
    assertThat(endpoints.get("local").apiKey()).isEqualTo("sk-from-file");
    assertThat(endpoints.get("fast").toString()).doesNotContain("sk-fast");
  }

  @Test
  void aDefaultEndpointServingAnthropicCallsTheAnthropicApiWithItsKey() {
    ModelPolicy policy =
        ModelPolicy.from(Map.of(ModelPolicy.ENDPOINT + "default.provider", "anthropic"));

    ModelEndpoints endpoints =
        ModelEndpoints.from(
            policy, Map.of(), Map.of("ANTHROPIC_API_KEY", "sk-ant-1", "OPENAI_API_KEY", "sk-oa"));

    assertThat(endpoints.get("default").baseUrl()).isEqualTo("https://api.anthropic.com");
    assertThat(endpoints.get("default").apiKey()).isEqualTo("sk-ant-1");
  }
}
