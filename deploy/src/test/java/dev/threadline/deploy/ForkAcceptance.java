package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A thread forked over the HTTP API from an event in the middle of its log ({@code POST
 * /v1/threads/{id}/fork}): a thread of 20 turns, its key-value store written as it goes, forked at
 * the end of its 8th turn — the new thread holds the messages and values of then, its own log
 * gap-free from its creation, goes on with a turn of its own, and the thread forked is as it was.
 */
record ForkAcceptance(StackClient stack) {
  private static final String AGENT =
      """
      {"model": {"provider": "scripted", "script": [{"text": "ok"}]},
       "systemPrompt": "You fork.", "stop": {"stopOnResponse": true, "maxSteps": 3}}""";

  void run() throws Exception {
    stack.putAgent("forker", AGENT);
    String source = stack.createThread("{\"agent\": \"forker\"}");
    String path = "/v1/threads/" + StackClient.encode(source);
    long atEighth = 0;
    for (int turn = 1; turn <= 20; turn++) {
      stack.send("PUT", stack.ingest() + path + "/values/turn", String.valueOf(turn), 202);
      if (turn == 3) {
        stack.send("PUT", stack.ingest() + path + "/values/early", "\"kept\"", 202);
      }
      if (turn == 12) {
        stack.send("PUT", stack.ingest() + path + "/values/late", "\"not yet\"", 202);
        stack.send("DELETE", stack.ingest() + path + "/values/early", "", 202);
      }
      stack.sendMessage(source, "{\"text\": \"m" + turn + "\"}");
      int done = turn;
      List<JsonNode> events =
          stack.awaitEvents(
              source, e -> StackClient.count(e, "TurnCompleted") >= done, "turn " + turn);
      if (turn == 8) {
        atEighth = events.getLast().path("seq").asLong();
      }
    }

    JsonNode forked = stack.write("POST", path + "/fork", "{\"atSeq\": " + atEighth + "}", 201);
    String fork = forked.path("threadId").asText();
    assertThat(forked.path("forkedFrom").path("threadId").asText()).isEqualTo(source);
    assertThat(forked.path("forkedFrom").path("atSeq").asLong()).isEqualTo(atEighth);

    String forkPath = "/v1/threads/" + StackClient.encode(fork);
    assertThat(texts(forkPath)).as("the fork's messages: those of then").isEqualTo(turns(8));
    JsonNode values = stack.get(stack.projector() + forkPath + "/values");
    assertThat(values.path("values").path("turn").asInt()).isEqualTo(8);
    assertThat(values.path("values").path("early").asText()).isEqualTo("kept");
    assertThat(values.path("values").has("late")).isFalse();
    assertThat(stack.thread(fork).path("forkedFrom").path("atSeq").asLong()).isEqualTo(atEighth);

    List<JsonNode> events =
        stack.awaitEvents(fork, e -> StackClient.count(e, "ForkSeeded") == 1, "the fork seeded");
    for (int i = 0; i < events.size(); i++) {
      assertThat(events.get(i).path("seq").asLong()).as("gap-free").isEqualTo(i + 1);
    }
    assertThat(events.getFirst().path("type").asText()).isEqualTo("ThreadCreated");

    stack.sendMessage(fork, "{\"text\": \"and from here?\"}");
    stack.awaitEvents(fork, e -> StackClient.count(e, "TurnCompleted") >= 1, "the fork's turn");
    List<String> went = new ArrayList<>(turns(8));
    went.addAll(List.of("and from here?", "ok"));
    assertThat(texts(forkPath)).isEqualTo(went);
    assertThat(texts(path)).as("the thread forked, as it was").isEqualTo(turns(20));
    assertThat(stack.get(stack.projector() + path + "/values").path("values").path("turn").asInt())
        .isEqualTo(20);

    assertThat(stack.rawWrite("POST", path + "/fork", "{\"atSeq\": 999999}").statusCode())
        .isEqualTo(422);
    assertThat(stack.rawWrite("POST", "/v1/threads/no-such-thread/fork", "{}").statusCode())
        .isEqualTo(404);
  }

  /** The texts of a thread's messages, in order. */
  private List<String> texts(String path) throws Exception {
    List<String> texts = new ArrayList<>();
    stack
        .get(stack.projector() + path + "/messages?limit=1000")
        .path("messages")
        .forEach(m -> texts.add(m.path("content").asText()));
    return texts;
  }

  /** "m1", "ok", … "mN", "ok". */
  private static List<String> turns(int n) {
    List<String> texts = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      texts.addAll(List.of("m" + i, "ok"));
    }
    return texts;
  }
}
