package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.topics.TopicsConfig;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.utils.Utils;

/**
 * The partition-stalling attack, replayed through the HTTP APIs of a running stack: a thread left
 * waiting for an approval, then six messages of 262,144 characters queued behind it. Each is
 * accepted or refused with a reason; the step processor's partition keeps working — threads created
 * on the same partition afterwards complete their turns — and the attacked thread, once approved,
 * goes on.
 */
record PartitionAttackAcceptance(StackClient stack) {
  static final String ASKER =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "current_time", "arguments": {}}]},
         {"text": "done"}]},
       "tools": [{"name": "current_time", "permission": "ask"}],
       "stop": {"stopOnResponse": true, "maxSteps": 5}, "group": "task"}""";
  static final String QUICK =
      """
      {"model": {"provider": "scripted", "script": [{"text": "hello"}]},
       "stop": {"stopOnResponse": true, "maxSteps": 5}, "group": "task"}""";

  void run() throws Exception {
    stack.write("PUT", "/v1/agents/attack-asker", ASKER, 200);
    stack.write("PUT", "/v1/agents/attack-quick", QUICK, 200);
    String attacked = create("attack-asker");
    message(attacked, "{\"text\": \"what time is it?\"}", 202);
    List<JsonNode> waiting =
        stack.awaitEvents(
            attacked, e -> StackClient.count(e, "ApprovalRequested") >= 1, "an approval request");
    String callId =
        StackClient.first(waiting, "ApprovalRequested").path("payload").path("callId").asText();

    String huge = "x".repeat(262_144);
    int accepted = 0;
    for (int i = 0; i < 6; i++) {
      JsonNode answer = messageAnyOf(attacked, "{\"text\": \"" + huge + "\", \"mode\": \"queue\"}");
      accepted += answer.has("commandId") ? 1 : 0;
    }

    List<String> neighbours = neighboursOf(attacked, 3);
    for (String neighbour : neighbours) {
      message(neighbour, "{\"text\": \"hi\"}", 202);
    }
    for (String neighbour : neighbours) {
      stack.awaitEvents(
          neighbour,
          e -> StackClient.count(e, "TurnCompleted") >= 1,
          "a completed turn on the attacked thread's partition");
    }

    stack.write(
        "POST",
        "/v1/threads/" + StackClient.encode(attacked) + "/approvals/" + callId,
        "{\"approve\": true}",
        202);
    // The queued messages join the turn at its next model call; the context they make, far over
    // the model's window, is compacted first.
    List<JsonNode> after =
        stack.awaitEvents(
            attacked,
            e -> StackClient.count(e, "TurnCompleted") >= 1,
            "the attacked thread's turn after the approval");
    assertThat(StackClient.count(after, "MessageQueued")).isEqualTo(accepted);
    assertThat(StackClient.types(after)).contains("ToolCallCompleted", "CompactionCompleted");
  }

  private String create(String agent) throws Exception {
    return stack
        .write("POST", "/v1/threads", "{\"agent\": \"" + agent + "\"}", 201)
        .path("threadId")
        .asText();
  }

  private void message(String threadId, String body, int expected) throws Exception {
    stack.write(
        "POST", "/v1/threads/" + StackClient.encode(threadId) + "/messages", body, expected);
  }

  /** 202, or a refusal that names the limit it hit. */
  private JsonNode messageAnyOf(String threadId, String body) throws Exception {
    var response =
        stack.rawWrite("POST", "/v1/threads/" + StackClient.encode(threadId) + "/messages", body);
    assertThat(response.statusCode()).as(response.body()).isIn(202, 413, 429);
    JsonNode answer = StackClient.JSON.readTree(response.body());
    if (response.statusCode() != 202) {
      assertThat(answer.path("detail").asText()).contains("threadline.limits.");
    }
    return answer;
  }

  /** {@code count} new threads on the same partition as {@code threadId}. */
  private List<String> neighboursOf(String threadId, int count) throws Exception {
    int partitions = TopicsConfig.from(Map.of()).partitions();
    List<String> found = new ArrayList<>();
    for (int tries = 0; found.size() < count && tries < 200; tries++) {
      String candidate = create("attack-quick");
      if (partition(candidate, partitions) == partition(threadId, partitions)) {
        found.add(candidate);
      }
    }
    assertThat(found).as("threads on the attacked partition").hasSize(count);
    return found;
  }

  private static int partition(String threadId, int partitions) {
    return Utils.toPositive(Utils.murmur2(threadId.getBytes(StandardCharsets.UTF_8))) % partitions;
  }
}
