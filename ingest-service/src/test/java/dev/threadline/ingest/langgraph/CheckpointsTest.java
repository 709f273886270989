package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.threadline.ingest.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checkpoints of a thread's current branch: one per message, named by the message's canonical
 * seq, each the parent of the next, the root before the first — the chain LangGraph's {@code
 * useStream} walks to find where a message was first seen, and so where to branch.
 */
class CheckpointsTest {
  private static JsonNode message(String role, String text) {
    return LangChainMessages.JSON.createObjectNode().put("role", role).put("content", text);
  }

  /** Messages 1 "hi", 2 "hello", then a regenerate at 1: copy 3 of 1, answer 4. */
  private static ThreadMessages regenerated() {
    ThreadMessages state = new ThreadMessages();
    state.append(message("USER", "hi"), 1);
    state.append(message("ASSISTANT", "hello"), 2);
    state.branched(1, 3, 1);
    state.append(message("USER", "hi"), 3);
    state.append(message("ASSISTANT", "hey"), 4);
    return state;
  }

  private static String checkpoint(JsonNode state) {
    return state.path("checkpoint").path("checkpoint_id").asText();
  }

  private static String parent(JsonNode state) {
    return state.path("parent_checkpoint").path("checkpoint_id").asText(null);
  }

  @Test
  void theHistoryIsTheBranchsStatesNewestFirstEachTheParentOfTheNext() {
    ArrayNode history =
        Checkpoints.history(regenerated(), "t-1", List.of(), "2026-12-04T10:00:00Z", null, 10);

    assertThat(history).hasSize(3);
    assertThat(history.findValuesAsText("checkpoint_id"))
        .startsWith(Checkpoints.id(4), Checkpoints.id(1));
    assertThat(checkpoint(history.get(0))).isEqualTo(Checkpoints.id(4));
    assertThat(parent(history.get(0))).isEqualTo(Checkpoints.id(1));
    assertThat(checkpoint(history.get(1))).isEqualTo(Checkpoints.id(1));
    assertThat(parent(history.get(1))).isEqualTo(Checkpoints.ROOT);
    assertThat(checkpoint(history.get(2))).isEqualTo(Checkpoints.ROOT);
    assertThat(history.get(2).get("parent_checkpoint").isNull()).isTrue();
    assertThat(history.get(0).path("values").path("messages").findValuesAsText("id"))
        .containsExactly("m1", "m4");
    assertThat(history.get(1).path("values").path("messages").findValuesAsText("id"))
        .containsExactly("m1");
    assertThat(history.get(2).path("values").path("messages")).isEmpty();
  }

  @Test
  void aHistoryPageGoesOnBeforeACheckpointAndHoldsAtMostItsLimit() {
    ThreadMessages state = regenerated();

    ArrayNode older = Checkpoints.history(state, "t-1", List.of(), "now", Checkpoints.id(4), 1);

    assertThat(older).hasSize(1);
    assertThat(checkpoint(older.get(0))).isEqualTo(Checkpoints.id(1));
    assertThat(Checkpoints.history(state, "t-1", List.of(), "now", Checkpoints.id(2), 10))
        .as("a checkpoint on the branch the thread left")
        .isEmpty();
  }

  @Test
  void aCheckpointCountsTheMessagesOfTheBranchItHolds() {
    ThreadMessages state = regenerated();

    assertThat(Checkpoints.count(state, Checkpoints.ROOT)).isZero();
    assertThat(Checkpoints.count(state, "0")).isZero();
    assertThat(Checkpoints.count(state, Checkpoints.id(1))).isEqualTo(1);
    assertThat(Checkpoints.count(state, "4")).isEqualTo(2);
    assertThat(Checkpoints.count(state, Checkpoints.id(2))).isEqualTo(-1);
    assertThatThrownBy(() -> Checkpoints.count(state, "1ef0-not-ours"))
        .isInstanceOf(Problem.Failure.class)
        .hasMessageContaining("not a checkpoint of this server");
  }

  @Test
  void aRunNamesItsCheckpointAsAnObjectOrById() {
    JsonNode asObject =
        LangChainMessages.arguments(
            "{\"checkpoint\": {\"checkpoint_id\": \"7\", \"thread_id\": \"t\"}}");
    JsonNode asId = LangChainMessages.arguments("{\"checkpoint_id\": \"8\"}");

    assertThat(Checkpoints.requested(asObject)).isEqualTo("7");
    assertThat(Checkpoints.requested(asId)).isEqualTo("8");
    assertThat(Checkpoints.requested(LangChainMessages.arguments("{\"checkpoint\": null}")))
        .isNull();
  }

  @Test
  void anInterruptedHeadHasTheToolsTaskHoldingTheInterruptAsUseStreamZeroReadsIt() {
    var interrupt = LangChainMessages.JSON.createObjectNode().put("id", "call-1");
    ArrayNode history =
        Checkpoints.history(
            regenerated(), "t-1", List.of(interrupt), "2026-12-04T10:00:00Z", null, 10);

    JsonNode head = history.get(0);
    assertThat(head.path("next").toString()).isEqualTo("[\"tools\"]");
    assertThat(head.at("/tasks/0/name").asText()).isEqualTo("tools");
    assertThat(head.at("/tasks/0/interrupts/0/id").asText()).isEqualTo("call-1");
    assertThat(head.at("/tasks/0/error").isNull()).isTrue();
    assertThat(history.get(1).path("tasks")).as("only the head waits").isEmpty();
    assertThat(history.get(1).path("next")).isEmpty();
  }

  @Test
  void theHeadStateShowsTheThreadsKeyValueEntriesBesideItsMessagesOlderStatesDoNot() {
    var entries = LangChainMessages.JSON.createObjectNode().put("mood", "calm");
    ArrayNode history =
        Checkpoints.history(
            regenerated().withEntries(entries), "t-1", List.of(), "2026-12-04T10:00:00Z", null, 10);

    assertThat(history.get(0).at("/values/mood").asText()).isEqualTo("calm");
    assertThat(history.get(0).at("/values/messages")).hasSize(2);
    assertThat(history.get(1).path("values").has("mood"))
        .as("an entry's past is not kept per message")
        .isFalse();
  }
}
