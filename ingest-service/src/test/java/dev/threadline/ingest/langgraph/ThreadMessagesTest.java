package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A thread's LangGraph state keeps its newest messages, bounded by count and by characters. */
class ThreadMessagesTest {
  private static JsonNode user(String text) {
    return LangChainMessages.JSON.createObjectNode().put("role", "USER").put("content", text);
  }

  @Test
  void stateKeepsTheNewestMessagesWithinItsCharacters() {
    ThreadMessages state = new ThreadMessages();
    String big = "x".repeat(200_000);
    for (int seq = 1; seq <= 100; seq++) {
      state.append(user(seq + big), seq);
    }
    JsonNode messages = state.values(List.of()).path("messages");
    assertThat(state.values(List.of()).toString().length())
        .as("100 messages of 200,000 characters")
        .isLessThanOrEqualTo((int) ThreadMessages.KEPT_CHARS + 300_000);
    assertThat(messages.size()).isLessThan(100).isGreaterThan(30);
    assertThat(messages.get(messages.size() - 1).path("content").asText()).startsWith("100x");
  }

  @Test
  void aBranchLeavesTheMessagesAfterItsPointAndItsCopiesKeepTheIdsOfTheOriginals() {
    ThreadMessages state = new ThreadMessages();
    state.append(user("hi"), 1);
    state.append(user("and"), 2);
    state.append(user("more"), 3);
    state.branched(2, 4, 2); // copies 4, 5 of 1, 2
    state.append(user("hi"), 4);
    state.append(user("and"), 5);
    state.branched(5, 6, 2); // copies 6, 7 of 4, 5: of 1, 2 at first
    assertThat(state.isCopyToCome(6)).isTrue();
    state.append(user("hi"), 6);
    state.append(user("and"), 7);
    state.append(user("then"), 8);

    assertThat(state.copiesDone()).isTrue();
    assertThat(state.values(List.of()).path("messages").findValuesAsText("id"))
        .containsExactly("m1", "m2", "m8");
  }

  /**
   * A run's state is read once its command is sent: a branch the step processor made meanwhile is
   * in it already, and the run's events bring the branch and its copies again. The copies are kept
   * (with the ids of their originals), not passed over as seen.
   */
  @Test
  void aStateReadAfterItsRunBranchedKeepsTheCopiesTheRunsEventsBringAgain() {
    ThreadMessages state = new ThreadMessages();
    state.keep(user("hi"), 4, 1); // read after the branch: copies 4, 5 of 1, 2
    state.keep(user("and"), 5, 2);
    state.keep(user("edited"), 6, 6);
    state.branched(2, 4, 2);
    state.append(user("hi"), 4);
    state.append(user("and"), 5);
    state.append(user("edited"), 6);
    state.append(user("answer"), 7);
    assertThat(state.values(List.of()).path("messages").findValuesAsText("id"))
        .containsExactly("m1", "m2", "m6", "m7");
  }

  @Test
  void theNewestMessageIsKeptWhateverItsSize() {
    ThreadMessages state = new ThreadMessages();
    state.append(user("y".repeat(9_000_000)), 1);
    assertThat(state.values(List.of()).path("messages")).hasSize(1);
  }
}
