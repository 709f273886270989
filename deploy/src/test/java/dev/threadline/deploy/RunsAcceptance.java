package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An app's "send and get the answer" through the ingest's one base URL: two messages posted at once
 * each get their own answer from their own run ({@code …/runs/wait}), a run streams from its
 * message to its end ({@code …/runs/stream}), and its status reads back by its id.
 */
record RunsAcceptance(StackClient stack) {
  static final String RUNNER =
      """
      {"model": {"provider": "scripted", "stream": true, "turns": [
         [{"text": "answer one"}], [{"text": "answer two"}], [{"text": "answer three"}]]},
       "stop": {"stopOnResponse": true, "maxSteps": 3}}""";
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  void run() throws Exception {
    stack.putAgent("runner", RUNNER);
    String threadId = stack.createThread("{\"agent\": \"runner\"}");
    String runs = "/v1/threads/" + threadId + "/runs";

    CompletableFuture<HttpResponse<String>> first =
        CompletableFuture.supplyAsync(() -> post(runs + "/wait", "{\"text\": \"first\"}"));
    CompletableFuture<HttpResponse<String>> second =
        CompletableFuture.supplyAsync(() -> post(runs + "/wait", "{\"text\": \"second\"}"));
    JsonNode one = ownAnswer(first.join(), "first");
    JsonNode two = ownAnswer(second.join(), "second");
    assertThat(one.asText()).isNotEqualTo(two.asText());

    HttpResponse<String> streamed = post(runs + "/stream", "{\"text\": \"third\"}");
    assertThat(streamed.statusCode()).as(streamed.body()).isEqualTo(200);
    assertThat(streamed.headers().firstValue("Content-Type").orElse(""))
        .startsWith("text/event-stream");
    String body = streamed.body();
    assertThat(body).contains("event: MessageAppended", "event: delta", "answer three");
    assertThat(body.indexOf("event: end")).isGreaterThan(body.lastIndexOf("event: delta"));
    assertThat(body).doesNotContain("answer one", "answer two");

    String runPath = streamed.headers().firstValue("Content-Location").orElseThrow();
    JsonNode run = stack.get(stack.ingest() + runPath);
    assertThat(run.path("status").asText()).isEqualTo("success");
    assertThat(stack.rawWrite("POST", runPath + "/cancel", "").statusCode()).isEqualTo(409);

    // Reads on the same base URL, with the key as the SDKs send it.
    HttpResponse<String> messages =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(stack.ingest() + "/v1/threads/" + threadId + "/messages"))
                .header("x-api-key", stack.apiKey())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(messages.statusCode()).as(messages.body()).isEqualTo(200);
    // The two sent at once ran in either order; the third after both.
    assertThat(
            StackClient.JSON.readTree(messages.body()).path("messages").findValuesAsText("content"))
        .hasSize(6)
        .contains("first", "second", "answer one", "answer two")
        .endsWith("third", "answer three");
  }

  /** The answer of a run that waited for its end: its own message, then one answer. */
  private static JsonNode ownAnswer(HttpResponse<String> response, String sent) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode outcome = StackClient.JSON.readTree(response.body());
    assertThat(outcome.path("run").path("status").asText()).isEqualTo("success");
    List<JsonNode> messages = new ArrayList<>();
    outcome.path("messages").forEach(messages::add);
    assertThat(messages).hasSize(2);
    assertThat(messages.get(0).path("content").asText()).isEqualTo(sent);
    assertThat(messages.get(1).path("role").asText()).isEqualTo("ASSISTANT");
    return messages.get(1).path("content");
  }

  private HttpResponse<String> post(String path, String body) {
    try {
      return HTTP.send(
          HttpRequest.newBuilder(URI.create(stack.ingest() + path))
              .header("Authorization", "Bearer " + stack.apiKey())
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .timeout(Duration.ofSeconds(90))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
