package dev.threadline.projector.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import dev.threadline.config.ApiKeys;
import dev.threadline.projector.ProjectorStores;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Which projector instance answers what, from Kafka Streams' metadata ({@code application.server}
 * of every instance): a thread's reads go to the owner of its partition; lists and stats ask every
 * instance for its part. A forwarded request carries {@value #FORWARDED} — the forwarding
 * instance's word for the tenant ({@link ForwardedRequests}), never the caller's key — and is
 * answered from the receiving instance's own stores, never forwarded again.
 */
final class Router {
  static final String FORWARDED = ForwardedRequests.HEADER;
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final KafkaStreams streams;
  private final HostInfo self;
  private final ForwardedRequests forwarded;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  Router(KafkaStreams streams, String advertised, ForwardedRequests forwarded) {
    this.streams = streams;
    this.self = HostInfo.buildFromEndpoint(advertised);
    this.forwarded = forwarded;
  }

  boolean ownsThread(String threadId) {
    return ownerOf(threadId).equals(self);
  }

  HostInfo ownerOf(String threadId) {
    KeyQueryMetadata metadata =
        streams.queryMetadataForKey(
            ProjectorStores.SUMMARIES, threadId, Serdes.String().serializer());
    if (metadata == null
        || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE)
        || metadata.activeHost().equals(HostInfo.unavailable())) {
      throw Problem.unavailable(
          "no projector instance owns thread " + threadId + " yet (" + streams.state() + ")");
    }
    return metadata.activeHost();
  }

  /** Answers {@code exchange} with the owner's answer to the same request. */
  void forward(HttpExchange exchange, String tenant, HostInfo owner, boolean streaming)
      throws IOException {
    HttpResponse<InputStream> response;
    try {
      var request = remote(exchange, tenant, owner);
      String lastEventId = exchange.getRequestHeaders().getFirst("Last-Event-ID");
      if (lastEventId != null) {
        request.header("Last-Event-ID", lastEventId);
      }
      if (!streaming) {
        request.timeout(TIMEOUT);
      }
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw Problem.unavailable("the instance owning the thread (" + owner + ") is unreachable");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Problem.unavailable("interrupted");
    }
    try (InputStream body = response.body()) {
      response
          .headers()
          .firstValue("Content-Type")
          .ifPresent(type -> exchange.getResponseHeaders().set("Content-Type", type));
      response
          .headers()
          .firstValue("Retry-After")
          .ifPresent(value -> exchange.getResponseHeaders().set("Retry-After", value));
      exchange.sendResponseHeaders(response.statusCode(), 0);
      pipe(body, exchange.getResponseBody());
    }
  }

  /** Every other instance's answer to the same request, each from its own stores. */
  List<JsonNode> gather(HttpExchange exchange, String tenant) {
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    List<HostInfo> hosts = new ArrayList<>();
    for (StreamsMetadata instance : streams.metadataForAllStreamsClients()) {
      if (!instance.hostInfo().equals(self)) {
        hosts.add(instance.hostInfo());
        calls.add(
            http.sendAsync(
                remote(exchange, tenant, instance.hostInfo()).timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString()));
      }
    }
    List<JsonNode> answers = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      try {
        HttpResponse<String> response = calls.get(i).join();
        if (response.statusCode() != 200) {
          throw Problem.unavailable(
              "instance " + hosts.get(i) + " answered " + response.statusCode() + "; retry");
        }
        answers.add(ProjectorServer.JSON.readTree(response.body()));
      } catch (java.util.concurrent.CompletionException | IOException e) {
        throw Problem.unavailable("instance " + hosts.get(i) + " is unreachable; retry");
      }
    }
    return answers;
  }

  /** The same request to {@code host}, vouched for as {@code tenant}'s: no credential goes. */
  private HttpRequest.Builder remote(HttpExchange exchange, String tenant, HostInfo host) {
    String pathAndQuery = ForwardedRequests.pathAndQuery(exchange);
    return HttpRequest.newBuilder(
            URI.create("http://" + host.host() + ":" + host.port() + pathAndQuery))
        .GET()
        .header(FORWARDED, forwarded.vouch(pathAndQuery, tenant))
        .header(ApiKeys.TENANT_HEADER, tenant);
  }

  static boolean isForwarded(HttpExchange exchange) {
    return exchange.getRequestHeaders().containsKey(FORWARDED);
  }

  static Map<String, String> query(HttpExchange exchange) {
    Map<String, String> query = new HashMap<>();
    String raw = exchange.getRequestURI().getRawQuery();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        if (!pair.isEmpty()) {
          int eq = pair.indexOf('=');
          String name = eq < 0 ? pair : pair.substring(0, eq);
          String value = eq < 0 ? "" : pair.substring(eq + 1);
          query.put(
              URLDecoder.decode(name, StandardCharsets.UTF_8),
              URLDecoder.decode(value, StandardCharsets.UTF_8));
        }
      }
    }
    return query;
  }

  /** Copies a response body as it arrives (for forwarded streams). */
  private static void pipe(InputStream in, OutputStream out) throws IOException {
    byte[] buffer = new byte[8192];
    for (int n; (n = in.read(buffer)) >= 0; ) {
      out.write(buffer, 0, n);
      out.flush();
    }
  }
}
