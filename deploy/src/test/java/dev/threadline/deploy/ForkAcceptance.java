package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A thread forked over the HTTP API from an event in the middle of its log ({@code POST
 * /v1/threads/{id}/fork}): a thread of 100 steps (a model call a turn), its key-value store written
 * as it goes, forked at event 40 — the new thread holds the messages and values the thread forked
 * had at event 40 (read back from that thread's own log), its own log gap-free from its creation,
 * goes on with a turn of its own, and the thread forked is as it was.
 */
record ForkAcceptance(StackClient stack) {
  private static final int STEPS = 100;
  private static final long AT_SEQ = 40;
  private static final String AGENT =
      """
      {"model": {"provider": "scripted", "script": [{"text": "ok"}]},
       "systemPrompt": "You fork.", "stop": {"stopOnResponse": true, "maxSteps": 3}}""";

  void run() throws Exception {
    stack.putAgent("forker", AGENT);
    String source = stack.createThread("{\"agent\": \"forker\"}");
    String path = "/v1/threads/" + StackClient.encode(source);
    for (int turn = 1; turn <= STEPS; turn++) {
      stack.send("PUT", stack.ingest() + path + "/values/turn", String.valueOf(turn), 202);
      if (turn == 2) {
        stack.send("PUT", stack.ingest() + path + "/values/early", "\"kept\"", 202);
      }
      if (turn == 60) {
        stack.send("PUT", stack.ingest() + path + "/values/late", "\"not yet\"", 202);
        stack.send("DELETE", stack.ingest() + path + "/values/early", "", 202);
      }
      // Each turn waited for through its run, so each is a turn of one step of its own.
      stack.write("POST", path + "/runs/wait", "{\"text\": \"m" + turn + "\"}", 200);
    }
    List<JsonNode> log = events(path);
    assertThat(log).as("the forked thread's log reaches past event 40").hasSizeGreaterThan(400);
    Map<String, String> valuesThen = valuesAt(log, AT_SEQ);
    assertThat(valuesThen).as("values were written by event 40").containsKeys("turn", "early");

    JsonNode forked = stack.write("POST", path + "/fork", "{\"atSeq\": " + AT_SEQ + "}", 201);
    String fork = forked.path("threadId").asText();
    assertThat(forked.path("forkedFrom").path("threadId").asText()).isEqualTo(source);
    assertThat(forked.path("forkedFrom").path("atSeq").asLong()).isEqualTo(AT_SEQ);

    String forkPath = "/v1/threads/" + StackClient.encode(fork);
    List<String> then = texts(path, AT_SEQ);
    assertThat(then).as("messages were appended by event 40").isNotEmpty();
    assertThat(texts(forkPath, Long.MAX_VALUE))
        .as("the fork's messages: those of then")
        .isEqualTo(then);
    JsonNode values = stack.get(stack.projector() + forkPath + "/values").path("values");
    Map<String, String> forkValues = new TreeMap<>();
    values.properties().forEach(e -> forkValues.put(e.getKey(), e.getValue().toString()));
    assertThat(forkValues).as("the fork's values: those of then").isEqualTo(valuesThen);
    assertThat(stack.thread(fork).path("forkedFrom").path("atSeq").asLong()).isEqualTo(AT_SEQ);

    List<JsonNode> events =
        stack.awaitEvents(fork, e -> StackClient.count(e, "ForkSeeded") == 1, "the fork seeded");
    for (int i = 0; i < events.size(); i++) {
      assertThat(events.get(i).path("seq").asLong()).as("gap-free").isEqualTo(i + 1);
    }
    assertThat(events.getFirst().path("type").asText()).isEqualTo("ThreadCreated");

    stack.sendMessage(fork, "{\"text\": \"and from here?\"}");
    stack.awaitEvents(fork, e -> StackClient.count(e, "TurnCompleted") >= 1, "the fork's turn");
    List<String> went = new ArrayList<>(then);
    went.addAll(List.of("and from here?", "ok"));
    assertThat(texts(forkPath, Long.MAX_VALUE)).isEqualTo(went);
    assertThat(texts(path, Long.MAX_VALUE)).as("the thread forked, as it was").isEqualTo(turns());
    assertThat(events(path))
        .as("the thread forked, its log untouched but the fork's record")
        .hasSize(log.size() + 1);
    assertThat(stack.get(stack.projector() + path + "/values").path("values").path("turn").asInt())
        .isEqualTo(STEPS);

    assertThat(stack.rawWrite("POST", path + "/fork", "{\"atSeq\": 999999}").statusCode())
        .isEqualTo(422);
    assertThat(stack.rawWrite("POST", "/v1/threads/no-such-thread/fork", "{}").statusCode())
        .isEqualTo(404);
  }

  /** A thread's whole log, page by page. */
  private List<JsonNode> events(String path) throws Exception {
    List<JsonNode> events = new ArrayList<>();
    while (true) {
      long after = events.isEmpty() ? 0 : events.getLast().path("seq").asLong();
      JsonNode page =
          stack.get(stack.projector() + path + "/events?limit=1000&after=" + after).path("events");
      if (page.isEmpty()) {
        return events;
      }
      page.forEach(events::add);
    }
  }

  /** The key-value store as the log had it at {@code seq}: each key's JSON. */
  private static Map<String, String> valuesAt(List<JsonNode> log, long seq) {
    Map<String, String> values = new TreeMap<>();
    for (JsonNode e : log) {
      if (e.path("seq").asLong() > seq) {
        break;
      }
      if (e.path("type").asText().equals("ValueChanged")) {
        JsonNode changed = e.path("payload");
        if (changed.path("valueJson").isNull() || changed.path("valueJson").isMissingNode()) {
          values.remove(changed.path("key").asText());
        } else {
          values.put(changed.path("key").asText(), changed.path("valueJson").asText());
        }
      }
    }
    return values;
  }

  /** The texts of a thread's messages appended by event {@code seq}, in order. */
  private List<String> texts(String path, long seq) throws Exception {
    List<String> texts = new ArrayList<>();
    stack
        .get(stack.projector() + path + "/messages?limit=1000")
        .path("messages")
        .forEach(
            m -> {
              if (m.path("eventSeq").asLong() <= seq) {
                texts.add(m.path("content").asText());
              }
            });
    return texts;
  }

  /** "m1", "ok", … for every step. */
  private static List<String> turns() {
    List<String> texts = new ArrayList<>();
    for (int i = 1; i <= STEPS; i++) {
      texts.addAll(List.of("m" + i, "ok"));
    }
    return texts;
  }
}
