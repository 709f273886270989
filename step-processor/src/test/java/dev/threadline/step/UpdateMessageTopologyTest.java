package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.MessageUpdated;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolEffect;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code ThreadState.updateMessage} through the real topology: the step after the tool's result
 * (decided in the same transaction) and every later step — through the cached window and the
 * executor's reused context — send the message's new text, and the log says it changed.
 */
class UpdateMessageTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  private static List<String> texts(ModelRequest r) {
    return r.getMessages().stream().map(ChatMessage::getContent).toList();
  }

  @Test
  void everyStepAfterAnUpdateSendsTheMessagesNewText() {
    d.startThread("t-u", "call me Ishmael");
    ModelRequest first = d.nextModelRequest();
    assertThat(texts(first)).contains("call me Ishmael");
    d.answer(first, null, call("c1", "echo", "{}"));
    d.drainEvents();

    d.answer(
        d.toolRequests.readValue(),
        "{}",
        List.of(
            new ToolEffect(
                "update_message", "{\"seq\":1,\"content\":\"call me [name]\"}", List.of())));

    assertThat(d.onlyPayload(MessageUpdated.class).getContent()).isEqualTo("call me [name]");
    ModelRequest second = d.nextModelRequest();
    assertThat(texts(second)).contains("call me [name]").doesNotContain("call me Ishmael");
    d.answer(second, null, call("c2", "echo", "{}"));
    d.answer(d.toolRequests.readValue(), "{}");
    ModelRequest third = d.nextModelRequest();
    assertThat(texts(third)).contains("call me [name]").doesNotContain("call me Ishmael");
  }
}
