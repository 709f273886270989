package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.Origin;
import dev.threadline.avro.UserMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A tool request says who sent the message that started its turn ({@code userId}, as the message
 * says), which a tool reads as its {@code ToolContext.userId()}; after a restart too, as the
 * thread's state keeps it.
 */
class UserIdTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void aToolRequestCarriesWhoSentTheMessageThatStartedItsTurn() {
    d.agent(Fixtures.agent("helper", 10));
    d.command(Fixtures.create("c-1", "t-u", "helper"));
    d.command(
        Fixtures.command(
            "c-2",
            "t-u",
            UserMessage.newBuilder()
                .setOrigin(Origin.INVOKE)
                .setSender("ada")
                .setText("look it up")
                .setMeta(Map.of())
                .setAttachments(List.of())
                .build()));

    d.answer(d.nextModelRequest(), null, call("e1", "echo", "{}"));

    assertThat(d.toolRequests.readValue().getUserId()).isEqualTo("ada");
    assertThat(d.stateStore().get("t-u").getTurnSender()).isEqualTo("ada");
  }
}
