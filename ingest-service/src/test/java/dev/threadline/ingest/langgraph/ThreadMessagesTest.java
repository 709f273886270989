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
  void theNewestMessageIsKeptWhateverItsSize() {
    ThreadMessages state = new ThreadMessages();
    state.append(user("y".repeat(9_000_000)), 1);
    assertThat(state.values(List.of()).path("messages")).hasSize(1);
  }
}
