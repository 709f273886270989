package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A user of a running stack's HTTP APIs: the ingest service (write) and the projector (read). */
record StackClient(String ingest, String projector, String apiKey) {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** {@code method} on the ingest service's {@code path}, expecting {@code expected}. */
  JsonNode write(String method, String path, String body, int expected) throws Exception {
    return send(method, ingest + path, body, expected);
  }

  JsonNode send(String method, String url, String body, int expected) throws Exception {
    HttpResponse<String> response = rawSend(method, url, body);
    assertThat(response.statusCode())
        .as(method + " " + url + ": " + response.body())
        .isEqualTo(expected);
    return JSON.readTree(response.body());
  }

  /** Defines agent {@code name} as {@code body} says (200). */
  void putAgent(String name, String body) throws Exception {
    write("PUT", "/v1/agents/" + name, body, 200);
  }

  /** Creates a thread as {@code body} says (201); its id. */
  String createThread(String body) throws Exception {
    return write("POST", "/v1/threads", body, 201).path("threadId").asText();
  }

  /** Sends thread {@code threadId} the message {@code body} (202). */
  void sendMessage(String threadId, String body) throws Exception {
    write("POST", "/v1/threads/" + encode(threadId) + "/messages", body, 202);
  }

  /** {@code method} on the ingest service's {@code path}, whatever the answer. */
  HttpResponse<String> rawWrite(String method, String path, String body) throws Exception {
    return rawSend(method, ingest + path, body);
  }

  private HttpResponse<String> rawSend(String method, String url, String body) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + apiKey)
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body))
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The projector's summary of a thread. */
  JsonNode thread(String threadId) throws Exception {
    return get(projector + "/v1/threads/" + encode(threadId));
  }

  JsonNode get(String url) throws Exception {
    HttpResponse<String> response = raw(url);
    assertThat(response.statusCode()).as("GET " + url + ": " + response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  HttpResponse<String> raw(String url) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + apiKey)
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The thread's events, read from the projector, once {@code done} holds for them (60 s). */
  List<JsonNode> awaitEvents(String threadId, Predicate<List<JsonNode>> done, String what)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      HttpResponse<String> response =
          raw(projector + "/v1/threads/" + encode(threadId) + "/events?limit=1000");
      List<JsonNode> events = new ArrayList<>();
      if (response.statusCode() == 200) {
        JSON.readTree(response.body()).path("events").forEach(events::add);
        if (done.test(events)) {
          return events;
        }
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "thread " + threadId + ": no " + what + " after 60 s; events: " + types(events));
      }
      Thread.sleep(200);
    }
  }

  /** The summary of a thread, once {@code done} holds for it (60 s). */
  JsonNode awaitThread(String threadId, Predicate<JsonNode> done, String what) throws Exception {
    return await(projector + "/v1/threads/" + encode(threadId), done, what);
  }

  /** The answer to {@code GET url}, once it is a 200 for which {@code done} holds (60 s). */
  JsonNode await(String url, Predicate<JsonNode> done, String what) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      HttpResponse<String> response = raw(url);
      if (response.statusCode() == 200 && done.test(JSON.readTree(response.body()))) {
        return JSON.readTree(response.body());
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(url + ": not " + what + ": " + response.body());
      }
      Thread.sleep(200);
    }
  }

  static long count(List<JsonNode> events, String type) {
    return events.stream().filter(e -> e.path("type").asText().equals(type)).count();
  }

  static List<String> types(List<JsonNode> events) {
    return events.stream().map(e -> e.path("type").asText()).toList();
  }

  static JsonNode first(List<JsonNode> events, String type) {
    return events.stream()
        .filter(e -> e.path("type").asText().equals(type))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + type + " event in " + types(events)));
  }

  /** The messages of the thread's {@code MessageAppended} events, in order. */
  static List<JsonNode> messages(List<JsonNode> events) {
    return events.stream()
        .filter(e -> e.path("type").asText().equals("MessageAppended"))
        .map(e -> e.path("payload").path("message"))
        .toList();
  }

  /** The tool results among them. */
  static List<JsonNode> toolResults(List<JsonNode> events) {
    return messages(events).stream()
        .filter(m -> !m.path("toolCallId").asText("").isEmpty())
        .toList();
  }

  static String encode(String threadId) {
    return URLEncoder.encode(threadId, StandardCharsets.UTF_8);
  }
}
