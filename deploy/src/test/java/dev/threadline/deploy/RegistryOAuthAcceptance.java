package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Usage;
import dev.threadline.serde.RegistryAccess;
import dev.threadline.serde.RestSchemaRegistryClient;
import dev.threadline.testkit.FreePorts;
import dev.threadline.testkit.RegistryProxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The registry client with OAuth client credentials, as Confluent Cloud's registry asks: a real
 * OAuth server nobody here wrote (panva's {@code oidc-provider} from the npm registry, {@code
 * src/test/js/oauth-server}) issues the tokens, and the stack's registry sits behind a proxy that
 * takes a request only when that server's introspection says its bearer token is active. The client
 * gets a token, registers and reads a schema with it, reuses it, and a wrong secret is refused
 * naming the settings. Needs Node.js and npm; without, says so and checks nothing.
 */
record RegistryOAuthAcceptance(String registryUrl) {
  private static final NodeScripts SERVER = new NodeScripts("oauth-server");
  private static final String CLIENT = "threadline-registry-client";
  private static final String SECRET = "s3cret-" + System.nanoTime();

  void run() throws Exception {
    if (!NodeScripts.available()) {
      System.out.println("RegistryOAuthAcceptance: no node and npm on this machine; not run");
      return;
    }
    SERVER.install("oidc-provider");
    int port = FreePorts.next();
    Process server =
        SERVER.spawn(
            List.of("node", "oauth-server.mjs"),
            Map.of(
                "PORT", String.valueOf(port),
                "THREADLINE_CLIENT_ID", CLIENT,
                "THREADLINE_CLIENT_SECRET", SECRET));
    String issuer = "http://127.0.0.1:" + port;
    try (RegistryProxy registry = new RegistryProxy(registryUrl)) {
      awaitReady();
      registry.requireAuthorization(header -> active(issuer, header));

      RestSchemaRegistryClient client = client(registry, issuer, SECRET);
      int id = client.register("registry-oauth-value", Usage.getClassSchema());
      assertThat(client.byId(id)).isEqualTo(Usage.getClassSchema());
      client.register("registry-oauth-value", Usage.getClassSchema());
      assertThat(granted()).as("one token, reused").isEqualTo(1);

      assertThatThrownBy(
              () ->
                  client(registry, issuer, "wrong")
                      .register("registry-oauth-x", Usage.getClassSchema()))
          .hasMessageContaining("invalid_client")
          .hasMessageContaining("bearer.auth.client.secret");
    } finally {
      server.destroy();
    }
  }

  private RestSchemaRegistryClient client(RegistryProxy registry, String issuer, String secret) {
    return new RestSchemaRegistryClient(
        RegistryAccess.from(
            Map.of(
                "schema.registry.url",
                registry.url(registryUrl),
                "bearer.auth.credentials.source",
                "OAUTHBEARER",
                "bearer.auth.issuer.endpoint.url",
                issuer + "/token",
                "bearer.auth.client.id",
                CLIENT,
                "bearer.auth.client.secret",
                secret,
                "bearer.auth.scope",
                "registry")),
        Duration.ofSeconds(10),
        Duration.ofSeconds(2));
  }

  /** Whether the OAuth server says the bearer token in {@code header} is active. */
  private static boolean active(String issuer, String header) {
    if (header == null || !header.startsWith("Bearer ")) {
      return false;
    }
    try {
      HttpResponse<String> answer =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(issuer + "/token/introspection"))
                      .header(
                          "Authorization",
                          "Basic "
                              + Base64.getEncoder()
                                  .encodeToString(
                                      (CLIENT + ":" + SECRET).getBytes(StandardCharsets.UTF_8)))
                      .header("Content-Type", "application/x-www-form-urlencoded")
                      .POST(
                          HttpRequest.BodyPublishers.ofString(
                              "token=" + header.substring("Bearer ".length())))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      JsonNode body = StackClient.JSON.readTree(answer.body());
      return body.path("active").asBoolean() && CLIENT.equals(body.path("client_id").asText());
    } catch (Exception e) {
      return false;
    }
  }

  private static void awaitReady() throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!SERVER.output().contains("oauth-server: ready")) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the OAuth server did not start: " + SERVER.output());
      }
      Thread.sleep(100);
    }
  }

  /** How many tokens the OAuth server has granted. */
  private static long granted() throws Exception {
    return SERVER.output().lines().filter(l -> l.startsWith("oauth-server: granted")).count();
  }
}
