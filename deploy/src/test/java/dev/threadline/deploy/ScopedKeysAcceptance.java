package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * A key scoped to one agent, as a service that runs only that agent holds it (LocalStackIT gives
 * the stack's tenant {@link #KEY}, {@code :agents=}{@link #AGENT}): it creates and runs that
 * agent's threads, natively and through the LangGraph routes, while another agent's thread of the
 * same tenant answers as a missing one, lists and searches hold its agent's threads only, and the
 * routes past them — definitions, the projector's tenant-wide reads — refuse it.
 */
record ScopedKeysAcceptance(StackClient stack) {
  static final String KEY = "scoped-acceptance-key";
  static final String AGENT = "scoped-support";
  private static final String OTHER = "scoped-billing";

  void run() throws Exception {
    String definition =
        "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\": \"hello\"}]},"
            + " \"stop\": {\"stopOnResponse\": true}}";
    stack.putAgent(AGENT, definition);
    stack.putAgent(OTHER, definition);
    StackClient scoped = new StackClient(stack.ingest(), stack.projector(), KEY);
    String mine = scoped.createThread("{\"agent\": \"" + AGENT + "\", \"message\": \"hi\"}");
    String theirs = stack.createThread("{\"agent\": \"" + OTHER + "\", \"message\": \"hi\"}");
    for (String thread : List.of(mine, theirs)) {
      stack.awaitThread(
          thread,
          t -> List.of("IDLE", "COMPLETED").contains(t.path("status").asText()),
          "answered");
    }

    JsonNode messages = scoped.write("GET", "/v1/threads/" + mine + "/messages", "", 200);
    assertThat(messages.toString()).contains("hello");
    scoped.write("GET", "/v1/threads/" + theirs + "/messages", "", 404);
    scoped.write("GET", "/threads/" + theirs + "/state", "", 404);
    scoped.write("POST", "/v1/threads/" + theirs + "/messages", "{\"text\": \"hijack\"}", 404);
    scoped.write("POST", "/v1/threads", "{\"agent\": \"" + OTHER + "\"}", 403);

    List<String> listed = new ArrayList<>();
    JsonNode list = scoped.write("GET", "/v1/threads?limit=500", "", 200);
    list.path("threads").forEach(t -> listed.add(t.path("agent").asText()));
    assertThat(listed).isNotEmpty().containsOnly(AGENT);
    List<String> searched = new ArrayList<>();
    scoped
        .write("POST", "/threads/search", "{\"limit\": 500}", 200)
        .forEach(t -> searched.add(t.path("thread_id").asText()));
    assertThat(searched).contains(mine).doesNotContain(theirs);

    HttpResponse<String> ran =
        scoped.rawWrite(
            "POST",
            "/runs/wait",
            "{\"assistant_id\": \""
                + AGENT
                + "\", \"input\": {\"messages\": [{\"type\": \"human\", \"content\": \"hi\"}]}}");
    assertThat(ran.statusCode()).as(ran.body()).isEqualTo(200);
    assertThat(ran.body()).contains("hello");

    scoped.write("GET", "/v1/agents", "", 403);
    HttpResponse<String> projector = scoped.raw(stack.projector() + "/v1/threads");
    assertThat(projector.statusCode()).as(projector.body()).isEqualTo(403);
    System.out.println("ScopedKeysAcceptance: a key scoped to " + AGENT + " kept to its threads");
  }
}
