package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §2 (user messages): the Toolang message model — origins, channels, senders, sizes. Invalid
 * messages are rejected.
 */
class MessageModelTest {
  private final Scenario scenario = new Scenario();

  private String rejectionOf(InboundMessage m) {
    scenario.given(scenario.create());
    scenario.when(scenario.message(m, Delivery.AUTO));
    assertThat(scenario.outputs(Output.DeadLetter.class)).hasSize(1);
    return scenario.events(CommandRejected.class).getFirst().reason();
  }

  private static InboundMessage msg(Origin origin, String channel, String sender, String text) {
    return new InboundMessage(origin, channel, sender, text, Map.of(), List.of());
  }

  @Test
  void chatRequiresAChannel() {
    assertThat(rejectionOf(msg(Origin.CHAT, null, "ann", "hi")))
        .contains("origin chat requires a channel");
  }

  @Test
  void otherOriginsForbidAChannel() {
    assertThat(rejectionOf(msg(Origin.INVOKE, "slack", null, "hi")))
        .contains("origin invoke must not have a channel");
  }

  @Test
  void taskChoreAndWillRequireSenderSelf() {
    assertThat(rejectionOf(msg(Origin.CHORE, null, "bob", "tidy")))
        .contains("requires sender 'self'");
  }

  @Test
  void anAbsentSenderOfATaskBecomesSelf() {
    scenario.given(scenario.create());

    scenario.when(scenario.message(msg(Origin.TASK, null, null, "do it"), Delivery.AUTO));

    var appended = scenario.outputs(Output.AppendMessage.class).getFirst().message();
    assertThat(appended.sender()).isEqualTo("self");
    assertThat(appended.origin()).isEqualTo(Origin.TASK);
  }

  @Test
  void aMissingOriginIsRejected() {
    assertThat(rejectionOf(msg(null, null, null, "hi"))).contains("origin is required");
  }

  /** A chat-completions endpoint refuses a user message without content (spec §3). */
  @Test
  void aMessageWithoutTextIsRejected() {
    assertThat(rejectionOf(msg(Origin.INVOKE, null, null, ""))).contains("text must not be empty");
    assertThat(rejectionOf(msg(Origin.INVOKE, null, null, " \n")))
        .contains("text must not be empty");
  }

  @Test
  void oversizedTextIsRejected() {
    assertThat(rejectionOf(msg(Origin.INVOKE, null, null, "x".repeat(262_145))))
        .contains("the limit is 262144");
  }

  @Test
  void anAttachmentPathMustStayInsideTheThread() {
    var m =
        new InboundMessage(
            Origin.INVOKE,
            null,
            null,
            "see",
            Map.of(),
            List.of(new Values.Attachment("../etc/passwd", null, null, null)));
    assertThat(rejectionOf(m)).contains("not a path inside the thread");
  }

  @Test
  void aRejectedMessageLeavesTheThreadAsItWas() {
    scenario.given(scenario.create());
    MachineState before = scenario.state;

    scenario.when(scenario.message(msg(Origin.CHAT, null, "ann", "hi"), Delivery.AUTO));

    assertThat(scenario.state.status()).isEqualTo(before.status());
    assertThat(scenario.state.queue()).isEmpty();
    assertThat(scenario.state.nextEventSeq()).isEqualTo(before.nextEventSeq() + 1);
  }

  @Test
  void originsMapToTheirLanesAndInvokeToTheAgentsGroup() {
    assertThat(MessageRules.lane(Origin.CHAT, Lane.TASK)).isEqualTo(Lane.CHAT);
    assertThat(MessageRules.lane(Origin.WILL, Lane.TASK)).isEqualTo(Lane.WILL);
    assertThat(MessageRules.lane(Origin.CHORE, Lane.TASK)).isEqualTo(Lane.CHORE);
    assertThat(MessageRules.lane(Origin.INVOKE, Lane.CHAT)).isEqualTo(Lane.CHAT);
  }
}
