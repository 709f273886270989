package dev.threadline.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * What one tenant's waiting reads cost the others ({@link ReadRelayTest} runs these on its ingest):
 * a read that waits on the projector — a stream, a fenced read — holds one of its tenant's places
 * and no worker every tenant shares, and a stream whose client went away gives its place back at
 * once. The stand-in projector holds such reads open until the tests end ({@link #serve}), as a
 * quiet thread's stream, or a fence that does not get there, would.
 */
final class HeldReads {
  private static final CountDownLatch END = new CountDownLatch(1);
  private static final AtomicInteger HELD = new AtomicInteger();

  private HeldReads() {}

  /** Adds the held reads to the stand-in projector {@code server}: quiet streams and fences. */
  static void serve(HttpServer server) {
    server.createContext("/v1/threads/quiet/", HeldReads::hold);
    server.createContext("/v1/threads/fence-", HeldReads::hold);
    // Asked over HTTP: a QuarkusTest loads its classes twice, and the statics the test sees are
    // not those of the stand-in the ingest was given.
    server.createContext("/held", exchange -> reply(exchange, String.valueOf(HELD.get())));
    server.createContext(
        "/end",
        exchange -> {
          END.countDown();
          reply(exchange, "ended");
        });
  }

  /** A stream sends its first line and then nothing; a fenced read never gets there. */
  private static void hold(HttpExchange exchange) throws IOException {
    try (exchange) {
      HELD.incrementAndGet();
      if (exchange.getRequestURI().getRawPath().endsWith("/stream")) {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        out.write(": open\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
      END.await(120, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      HELD.decrementAndGet();
    }
  }

  private static void reply(HttpExchange exchange, String body) throws IOException {
    try (exchange) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
    }
  }

  /** Lets every read the stand-in holds end. */
  static void end() throws Exception {
    standIn("/end");
  }

  static void aStreamWhoseClientWentAwayGivesItsPlaceBackAtOnce() throws Exception {
    for (int i = 0; i < 3; i++) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      String status;
      do {
        try (Socket client = new Socket("127.0.0.1", port())) {
          status = openStream(client, "key-r1", "/v1/threads/quiet/stream");
          // The client goes away with the stream open: the socket closes here.
        }
      } while (!status.contains(" 200 ") && System.nanoTime() < deadline);
      assertThat(status).as("stream %s of a tenant with one place", i + 1).contains(" 200 ");
    }
  }

  static void aFencedReadHoldsOneOfItsTenantsPlaces() throws Exception {
    int before = held();
    // On a thread of its own: it waits until the tests end, and must hold no shared pool's thread.
    CompletableFuture<Integer> fenced =
        CompletableFuture.supplyAsync(
            () -> Door.get("key-r2", "/v1/threads/fence-2?atLeastSeq=9").extract().statusCode(),
            java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
    awaitHeld(before + 1);
    Door.get("key-r2", "/v1/threads/fence-3/messages?atLeastSeq=4")
        .statusCode(429)
        .body("detail", containsString("threadline.ingest.held.reads.per.tenant"));
    Door.get("key-r2", "/v1/threads/t-3").statusCode(200);
    assertThat(fenced).as("the first still waits").isNotDone();
  }

  static void readsOtherTenantsHoldTakeNoWorkerFromATenantThatWaitsForNothing() throws Exception {
    List<Socket> held = new ArrayList<>();
    try {
      int before = held();
      for (String key : List.of("key-q1", "key-q2", "key-q3", "key-f1", "key-f2", "key-d1")) {
        Socket client = new Socket("127.0.0.1", port());
        held.add(client);
        assertThat(openStream(client, key, "/v1/threads/quiet/stream")).contains(" 200 ");
      }
      awaitHeld(before + 6);
      long start = System.nanoTime();
      Door.get("key-a", "/v1/threads/t-1").statusCode(200);
      Door.get("key-a", "/v1/agents").statusCode(200);
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .as("six tenants hold streams on an ingest of four workers")
          .isLessThan(Duration.ofSeconds(10));
    } finally {
      for (Socket client : held) {
        client.close();
      }
    }
  }

  /** Sends a stream's GET on {@code client}; the status line, once its first event came. */
  private static String openStream(Socket client, String key, String path) throws IOException {
    client.setSoTimeout(30_000);
    OutputStream out = client.getOutputStream();
    out.write(
        ("GET "
                + path
                + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                + key
                + "\r\nAccept: text/event-stream\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
    String status = in.readLine();
    if (status == null || !status.contains(" 200 ")) {
      return String.valueOf(status);
    }
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.contains(": open")) {
        return status;
      }
    }
    return "closed before its first event";
  }

  private static void awaitHeld(int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (held() < count && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(held()).as("reads held at the projector").isGreaterThanOrEqualTo(count);
  }

  private static int held() throws Exception {
    return Integer.parseInt(standIn("/held").trim());
  }

  /** What the ingest's stand-in projector answers to {@code path}. */
  private static String standIn(String path) throws Exception {
    String url = ConfigProvider.getConfig().getValue("threadline.projector.url", String.class);
    return java.net.http.HttpClient.newHttpClient()
        .send(
            java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + path)).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private static int port() {
    return ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
  }
}
