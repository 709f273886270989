package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Erasing a tenant through the HTTP API, as its owner would when leaving: {@code DELETE /v1/tenant}
 * refuses without the tenant's id as confirmation, then deletes its agents, models, prompts and
 * every thread (repeated while it answers 202), after which none of them can be read or used. Run
 * last: it erases everything the stack's tenant made.
 */
record TenantPurgeAcceptance(StackClient stack, String tenant) {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  void run() throws Exception {
    JsonNode before = stack.get(stack.projector() + "/v1/threads?limit=500");
    assertThat(before.path("threads")).as("threads to purge").isNotEmpty();
    String aThread = before.path("threads").get(0).path("threadId").asText();
    stack.write("PUT", "/v1/models/purged-model", "{\"provider\": \"scripted\"}", 200);
    stack.putAgent("purged", "{\"model\": \"purged-model\"}");

    HttpResponse<String> unconfirmed = purge("someone-else");
    assertThat(unconfirmed.statusCode()).as(unconfirmed.body()).isEqualTo(422);
    assertThat(unconfirmed.body()).contains("confirm").contains(tenant);

    JsonNode purged = purgeUntilComplete();
    assertThat(purged.path("agents").asInt()).isPositive();
    assertThat(purged.path("models").asInt()).isPositive();
    assertThat(purged.path("threads").asInt())
        .isGreaterThanOrEqualTo(before.path("threads").size());

    assertThat(stack.get(stack.ingest() + "/v1/agents").path("agents")).isEmpty();
    assertThat(stack.get(stack.ingest() + "/v1/models").path("models")).isEmpty();
    assertThat(stack.get(stack.projector() + "/v1/threads?limit=500").path("threads")).isEmpty();
    assertThat(
            stack
                .raw(stack.projector() + "/v1/threads/" + StackClient.encode(aThread))
                .statusCode())
        .isEqualTo(404);
    assertThat(stack.rawWrite("POST", "/v1/threads", "{\"agent\": \"purged\"}").statusCode())
        .isEqualTo(404);
  }

  /** Purges, repeating while the answer says it has more to do (as a client should). */
  private JsonNode purgeUntilComplete() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (true) {
      HttpResponse<String> answer = purge(tenant);
      assertThat(answer.statusCode()).as(answer.body()).isIn(200, 202);
      if (answer.statusCode() == 200) {
        JsonNode purged = StackClient.JSON.readTree(answer.body());
        assertThat(purged.path("complete").asBoolean()).isTrue();
        return purged;
      }
      assertThat(System.nanoTime()).as("the purge completes").isLessThan(deadline);
    }
  }

  private HttpResponse<String> purge(String confirm) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(
                URI.create(stack.ingest() + "/v1/tenant?confirm=" + StackClient.encode(confirm)))
            .header("Authorization", "Bearer " + stack.apiKey())
            .DELETE()
            .timeout(Duration.ofSeconds(120))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
