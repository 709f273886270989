package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * Messages between agents are silent (the agent model's): in LangChain's format a subagent's report
 * or a parent's message is a human message that names its sender and says it is silent, so a front
 * end can tell it from the words of the person it serves.
 */
class LangChainMessagesTest {
  private static ObjectNode user(String text, String sender) {
    ObjectNode m =
        LangChainMessages.JSON.createObjectNode().put("role", "USER").put("content", text);
    return sender == null ? m : m.put("sender", sender);
  }

  @Test
  void aMessageBetweenAgentsIsAHumanMessageNamingItsSenderAndMarkedSilent() {
    ObjectNode report =
        LangChainMessages.of(
            user("[subagent research notify] found a lead", "subagent:research"), 4);

    assertThat(report.path("type").asText()).isEqualTo("human");
    assertThat(report.path("name").asText()).isEqualTo("subagent:research");
    assertThat(report.path("additional_kwargs").path("silent").asBoolean()).isTrue();
    assertThat(
            LangChainMessages.of(user("more work", "parent:t-1"), 5)
                .path("additional_kwargs")
                .path("silent")
                .asBoolean())
        .isTrue();
  }

  @Test
  void aPersonsMessageIsNotSilent() {
    ObjectNode said = LangChainMessages.of(user("hello", null), 1);

    assertThat(said.has("additional_kwargs")).isFalse();
    assertThat(said.has("name")).isFalse();
    assertThat(LangChainMessages.of(user("sweep", "self"), 2).has("additional_kwargs")).isFalse();
  }
}
