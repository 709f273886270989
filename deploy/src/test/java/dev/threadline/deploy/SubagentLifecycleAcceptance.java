package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The subagent lifecycle through the HTTP APIs: a resumable child reports, uses its one session
 * turn and terminates, and the parent's next message to it is an error result its model can act on;
 * a terminated parent ends every child that lives, idle or running; a parent that completes ends
 * the children still working. Every child that ends says so in its own log.
 */
record SubagentLifecycleAcceptance(StackClient stack) {
  private static final String ONE_TURN =
      """
      {"model": {"provider": "scripted", "script": [{"text": "nothing there"}]},
       "stop": {"stopOnResponse": true, "maxSteps": 3, "maxSessionTurns": 1}}""";
  private static final String READY =
      """
      {"model": {"provider": "scripted", "script": [{"text": "ready"}]},
       "stop": {"stopOnResponse": true, "maxSteps": 3}}""";
  // Still on its first model call when its parent ends.
  private static final String SLOW =
      """
      {"model": {"provider": "scripted", "latencyMs": 20000, "script": [{"text": "late"}]},
       "stop": {"stopOnResponse": true, "maxSteps": 3}}""";
  private static final String ASKER =
      """
      {"model": {"provider": "scripted", "turns": [
         [{"toolCalls": [{"name": "subagent_create",
                          "arguments": {"subagent": "helper", "name": "scout", "message": "look"}}]},
          {"text": "waiting for scout"}],
         [{"toolCalls": [{"name": "subagent_message",
                          "arguments": {"name": "scout", "message": "look again"}}]},
          {"text": "scout is gone"}]]},
       "subagents": [{"name": "helper", "agent": "lifecycle-once", "resumable": true}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}}""";
  private static final String BOSS =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "subagent_create",
                         "arguments": {"subagent": "keeper", "name": "k1", "message": "stand by"}},
                        {"name": "digger", "arguments": {"message": "dig"}}]},
         {"text": "both started"}]},
       "subagents": [{"name": "keeper", "agent": "lifecycle-ready", "resumable": true},
                     {"name": "digger", "agent": "lifecycle-slow", "blocking": false}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}}""";
  private static final String QUITTER =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "digger", "arguments": {"message": "dig"}}]},
         {"toolCalls": [{"name": "sessionStop", "arguments": {"result": "done without it"}}]}]},
       "subagents": [{"name": "digger", "agent": "lifecycle-slow", "blocking": false}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}}""";

  void run() throws Exception {
    define("lifecycle-once", ONE_TURN);
    define("lifecycle-ready", READY);
    define("lifecycle-slow", SLOW);
    define("lifecycle-asker", ASKER);
    define("lifecycle-boss", BOSS);
    define("lifecycle-quitter", QUITTER);
    aResumableChildWhoseSessionIsOverCannotBeMessaged();
    aTerminatedParentEndsItsIdleAndRunningChildren();
    aParentThatCompletesEndsTheChildStillWorking();
  }

  private void aResumableChildWhoseSessionIsOverCannotBeMessaged() throws Exception {
    String parent = start("lifecycle-asker");
    List<JsonNode> events =
        stack.awaitEvents(parent, e -> StackClient.count(e, "TurnCompleted") >= 2, "two turns");
    String scout = children(events).getFirst();
    ended(scout, "subagent session over");
    JsonNode refusal =
        StackClient.toolResults(events).stream()
            .filter(r -> r.path("content").asText().contains("'scout' has ended"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no refusal in " + StackClient.types(events)));
    assertThat(refusal.path("isError").asBoolean()).isTrue();
    assertThat(refusal.path("content").asText()).contains("subagent_create");
  }

  private void aTerminatedParentEndsItsIdleAndRunningChildren() throws Exception {
    String parent = start("lifecycle-boss");
    List<JsonNode> events =
        stack.awaitEvents(parent, e -> StackClient.count(e, "SubagentCreated") >= 2, "children");
    List<String> children = children(events);
    stack.awaitThread(children.get(0), t -> t.path("status").asText().equals("IDLE"), "idle");
    stack.awaitThread(children.get(1), t -> t.path("status").asText().equals("RUNNING"), "busy");

    stack.write("POST", "/v1/threads/" + StackClient.encode(parent) + "/terminate", "{}", 202);

    for (String child : children) {
      ended(child, "parent terminated");
    }
  }

  private void aParentThatCompletesEndsTheChildStillWorking() throws Exception {
    String parent = start("lifecycle-quitter");
    stack.awaitThread(parent, t -> t.path("status").asText().equals("COMPLETED"), "completed");
    List<JsonNode> events =
        stack.awaitEvents(parent, e -> StackClient.count(e, "SubagentCreated") >= 1, "a child");
    ended(children(events).getFirst(), "parent completed");
  }

  private void define(String name, String body) throws Exception {
    stack.write("PUT", "/v1/agents/" + name, body, 200);
  }

  private String start(String agent) throws Exception {
    return stack
        .write("POST", "/v1/threads", "{\"agent\": \"" + agent + "\", \"message\": \"go\"}", 201)
        .path("threadId")
        .asText();
  }

  private static List<String> children(List<JsonNode> events) {
    return events.stream()
        .filter(e -> e.path("type").asText().equals("SubagentCreated"))
        .map(e -> e.path("payload").path("childThreadId").asText())
        .toList();
  }

  /** {@code child}'s own log ends it, terminated, for a reason that starts with {@code why}. */
  private void ended(String child, String why) throws Exception {
    List<JsonNode> events =
        stack.awaitEvents(
            child, e -> StackClient.count(e, "ThreadTerminated") == 1, "ThreadTerminated");
    assertThat(
            StackClient.first(events, "ThreadTerminated").path("payload").path("reason").asText())
        .startsWith(why);
    stack.awaitThread(child, t -> t.path("status").asText().equals("TERMINATED"), "terminated");
  }
}
