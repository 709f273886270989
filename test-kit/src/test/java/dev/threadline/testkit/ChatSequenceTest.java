package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.ChatSequence.Message;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chat-completions rules, each broken once. */
class ChatSequenceTest {
  private static Message user(String text) {
    return new Message("user", text, List.of(), null);
  }

  private static Message calls(String... ids) {
    return new Message("assistant", null, List.of(ids), null);
  }

  private static Message result(String id) {
    return new Message("tool", "ok", List.of(), id);
  }

  @Test
  void aConversationWithEveryCallAnsweredIsValid() {
    assertThat(
            ChatSequence.violations(
                List.of(
                    new Message("system", "be brief", List.of(), null),
                    user("hi"),
                    calls("a", "b"),
                    result("b"),
                    result("a"),
                    new Message("assistant", "done", List.of(), null))))
        .isEmpty();
  }

  @Test
  void aMessageBeforeEveryCallIsAnsweredIsRefused() {
    assertThat(
            ChatSequence.violations(List.of(user("hi"), calls("a", "b"), result("a"), user("?"))))
        .singleElement()
        .asString()
        .contains("before the answers to [b]");
  }

  @Test
  void anOrphanOrRepeatedToolMessageIsRefused() {
    assertThat(ChatSequence.violations(List.of(user("hi"), result("x")))).hasSize(1);
    assertThat(ChatSequence.violations(List.of(user("hi"), calls("a"), result("a"), result("a"))))
        .hasSize(1);
  }

  @Test
  void emptyUserContentAndAnEmptyAssistantMessageAreRefused() {
    assertThat(ChatSequence.violations(List.of(user("")))).hasSize(1);
    assertThat(
            ChatSequence.violations(
                List.of(user("hi"), new Message("assistant", null, List.of(), null))))
        .hasSize(1);
  }

  @Test
  void unansweredCallsAtTheEndAreRefused() {
    assertThat(ChatSequence.violations(List.of(user("hi"), calls("a")))).hasSize(1);
  }
}
