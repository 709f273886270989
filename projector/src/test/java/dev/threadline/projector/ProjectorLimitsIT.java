package dev.threadline.projector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On a real broker: a tenant cannot hold more live streams than its cap, nor read faster than its
 * rate (429, others unaffected), and a client that trickles a request in is cut off.
 */
class ProjectorLimitsIT {
  static final String ACME = "key-acme";
  static final String OTHER = "key-other";
  static final String FLOOD = "key-flood";
  static final HttpClient http = HttpClient.newHttpClient();
  static Projector projector;

  @BeforeAll
  static void start() throws Exception {
    ProjectorFixture fixture =
        ProjectorFixture.create(
            "projector-limits-it",
            2,
            Map.of(
                "threadline.api-keys",
                ACME + ":acme," + OTHER + ":other," + FLOOD + ":flood",
                "threadline.projector.live.streams.per.tenant",
                "2",
                "threadline.ratelimit.tenant.flood.per.second",
                "1",
                "threadline.ratelimit.tenant.flood.burst",
                "2"));
    Map<String, String> settings = new HashMap<>(fixture.settings());
    settings.put(
        "threadline.projector.state.dir", ScratchDirs.create("projector-limits-").toString());
    projector = Projector.start(settings);
    try (var producer =
        ThreadlineCluster.shared()
            .producer(fixture.topics().threadEvents().valueSerde().serializer())) {
      for (var thread : List.of(new Events("lim-a", "acme"), new Events("lim-o", "other"))) {
        for (ThreadEvent e : thread.oneTurn("helper", "gpt-x")) {
          producer.send(
              new ProducerRecord<>(fixture.topics().threadEvents().name(), e.getThreadId(), e));
        }
      }
    }
    projector.awaitRunning(Duration.ofSeconds(60));
    TwoProjectors.awaitUntil(() -> status("/v1/threads/lim-o", OTHER) == 200);
    TwoProjectors.awaitUntil(() -> status("/v1/threads/lim-a", ACME) == 200);
  }

  @AfterAll
  static void stop() {
    if (projector != null) {
      projector.close();
    }
  }

  static int status(String path, String key) {
    try {
      return http.send(request(path, key), HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (Exception e) {
      return -1;
    }
  }

  static HttpRequest request(String path, String key) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + projector.port() + path))
        .header("Authorization", "Bearer " + key)
        .timeout(Duration.ofSeconds(10))
        .build();
  }

  @Test
  void aTenantPastItsLiveStreamCapGets429AndAnotherTenantStillStreams() throws Exception {
    List<HttpResponse<InputStream>> open = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        HttpResponse<InputStream> stream =
            http.send(
                request("/v1/threads/lim-a/stream", ACME),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.statusCode()).isEqualTo(200);
        open.add(stream);
      }

      HttpResponse<String> third =
          http.send(
              request("/v1/threads/lim-a/stream", ACME), HttpResponse.BodyHandlers.ofString());
      assertThat(third.statusCode()).isEqualTo(429);
      assertThat(third.headers().firstValue("Retry-After")).isPresent();
      assertThat(third.body()).contains("threadline.projector.live.streams.per.tenant");

      HttpResponse<InputStream> other =
          http.send(
              request("/v1/threads/lim-o/stream", OTHER),
              HttpResponse.BodyHandlers.ofInputStream());
      assertThat(other.statusCode()).isEqualTo(200);
      open.add(other);
    } finally {
      for (var stream : open) {
        stream.body().close();
      }
    }
  }

  @Test
  void aTenantReadingFasterThanItsRateGets429WithRetryAfterAndAnotherTenantStillReads()
      throws Exception {
    HttpResponse<String> refused = null;
    // Bursts of 2, one a second: however slow the machine, 50 reads in a row pass the rate.
    for (int i = 0; i < 50 && refused == null; i++) {
      HttpResponse<String> r =
          http.send(request("/v1/threads", FLOOD), HttpResponse.BodyHandlers.ofString());
      refused = r.statusCode() == 429 ? r : null;
    }

    assertThat(refused).as("a 429 within 50 reads").isNotNull();
    assertThat(refused.headers().firstValue("Retry-After"))
        .hasValueSatisfying(v -> assertThat(Long.parseLong(v)).isPositive());
    assertThat(refused.body()).contains("threadline.ratelimit.per.second");
    assertThat(status("/v1/threads", ACME)).isEqualTo(200);
  }

  @Test
  void aRequestTrickledInIsCutOff() throws Exception {
    long start = System.nanoTime();
    try (Socket socket = new Socket("127.0.0.1", projector.port())) {
      socket
          .getOutputStream()
          .write("GET /q/health/live HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().flush();
      socket.setSoTimeout(30_000);
      int read = socket.getInputStream().read(); // never finished: the server must give up

      assertThat(read).as("the server closed the connection").isEqualTo(-1);
    }
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(25));
  }
}
