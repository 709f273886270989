package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client's side of the client credentials grant, against a token endpoint kept here so time and
 * answers can be chosen (RegistryOAuthIT runs it against a real OAuth server): the client
 * authenticated with HTTP Basic and the grant form-encoded, one token reused until four fifths of
 * its lifetime, a fresh one after a 401, a refusal named with the settings to check.
 */
class OAuthClientCredentialsTest {
  private final List<String> asked = new ArrayList<>();
  private final AtomicReference<String> answer =
      new AtomicReference<>(
          "{\"access_token\": \"t1\", \"expires_in\": 100, \"token_type\": \"Bearer\"}");
  private final AtomicReference<Integer> status = new AtomicReference<>(200);
  private final HttpServer server = endpoint();
  private Instant now = Instant.parse("2026-12-07T12:00:00Z");

  private HttpServer endpoint() {
    try {
      HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      s.createContext(
          "/token",
          exchange -> {
            try (exchange) {
              asked.add(
                  exchange.getRequestHeaders().getFirst("Authorization")
                      + " "
                      + new String(
                          exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
              byte[] body = answer.get().getBytes(StandardCharsets.UTF_8);
              exchange.sendResponseHeaders(status.get(), body.length);
              exchange.getResponseBody().write(body);
            }
          });
      s.start();
      return s;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private OAuthClientCredentials credentials(Map<String, String> extra) {
    Clock clock =
        new Clock() {
          @Override
          public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(java.time.ZoneId zone) {
            return this;
          }

          @Override
          public Instant instant() {
            return now;
          }
        };
    return new OAuthClientCredentials(
        URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/token"),
        "svc",
        "s3cr:t",
        "registry",
        extra,
        HttpClient.newHttpClient(),
        clock);
  }

  @Test
  void aTokenIsAskedForWithBasicClientAuthenticationAndReusedUntilFourFifthsOfItsLife() {
    OAuthClientCredentials credentials =
        credentials(Map.of("target-sr-cluster", "lsrc-1", "Confluent-Identity-Pool-Id", "pool-1"));

    Map<String, String> first = credentials.headers();
    now = now.plusSeconds(79);
    credentials.headers();

    assertThat(first)
        .containsEntry("Authorization", "Bearer t1")
        .containsEntry("target-sr-cluster", "lsrc-1")
        .containsEntry("Confluent-Identity-Pool-Id", "pool-1");
    assertThat(asked)
        .containsExactly("Basic c3ZjOnMzY3IlM0F0 grant_type=client_credentials&scope=registry");
    now = now.plusSeconds(2);
    answer.set("{\"access_token\": \"t2\", \"expires_in\": 100}");
    assertThat(credentials.headers()).containsEntry("Authorization", "Bearer t2");
    assertThat(asked).hasSize(2);
  }

  @Test
  void aRefusedTokenIsDroppedAndTheNextRequestGetsAFreshOne() {
    OAuthClientCredentials credentials = credentials(Map.of());
    credentials.headers();

    assertThat(credentials.refused()).isTrue();
    answer.set("{\"access_token\": \"t2\", \"expires_in\": 100}");

    assertThat(credentials.headers()).containsEntry("Authorization", "Bearer t2");
    assertThat(credentials.refused()).isTrue();
    assertThat(credentials.refused()).as("nothing left to drop").isFalse();
  }

  @Test
  void aRefusedClientIsNamedWithTheSettingsToCheckAndIsNoOutage() {
    status.set(401);
    answer.set("{\"error\": \"invalid_client\", \"error_description\": \"no such client\"}");

    assertThatThrownBy(() -> credentials(Map.of()).headers())
        .isInstanceOfSatisfying(
            SchemaRegistryException.class, e -> assertThat(e.isOutage()).isFalse())
        .hasMessageContaining("invalid_client")
        .hasMessageContaining("bearer.auth.client.id (svc)");
  }

  @Test
  void anEndpointThatFailsIsAnOutageTheClientWaitsOut() {
    status.set(503);

    assertThatThrownBy(() -> credentials(Map.of()).headers())
        .isInstanceOfSatisfying(
            SchemaRegistryException.class, e -> assertThat(e.isOutage()).isTrue());
  }
}
