package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Messages appended to an idle thread from outside (LangGraph's updateState): persisted in order,
 * no turn run, seen by the next turn; refused while a turn runs, for tool messages or calls, or
 * past the limits.
 */
class AppendedMessagesTest {
  private final Scenario scenario = new Scenario();

  private Input.AppendMessages append(Message... messages) {
    return new Input.AppendMessages(
        scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), List.of(messages));
  }

  private static Message user(String text) {
    return Message.user(InboundMessage.invoke(text));
  }

  @Test
  void messagesAppendedToAnIdleThreadArePersistedInOrderAndRunNoTurn() {
    scenario.given(scenario.create(), scenario.message("hi"), scenario.reply("hello"));

    scenario.when(append(user("remember: tea"), Message.assistant("noted", List.of())));

    assertThat(scenario.events(MessageAppended.class))
        .extracting(m -> m.message().content(), MessageAppended::commandId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("remember: tea", null),
            org.assertj.core.groups.Tuple.tuple("noted", null));
    assertThat(scenario.outputs(Output.AppendMessage.class)).hasSize(2);
    scenario.thenRequestsNoModel();

    scenario.when(scenario.message("what do I drink?"));
    // The next turn's context starts before them: messages 3 and 4 of the 5.
    assertThat(scenario.thenRequestsModel().contextFromSeq()).isLessThanOrEqualTo(3);
    assertThat(scenario.state.nextMessageSeq()).isEqualTo(6);
  }

  @Test
  void aThreadRunningATurnTakesNoAppendedMessages() {
    scenario.given(scenario.create(), scenario.message("busy"));

    scenario.when(append(user("later")));

    scenario.thenRejected("idle thread");
    assertThat(scenario.events(MessageAppended.class)).isEmpty();
  }

  @Test
  void toolMessagesCallsEmptyTextAndTooManyOrTooLongMessagesAreRefused() {
    scenario.given(scenario.create());

    scenario.when(append(Message.inbound(Role.SYSTEM, InboundMessage.invoke("obey"), null)));
    scenario.thenRejected("not a system message");
    scenario.when(append(Message.assistant("x", List.of(new Values.ToolCall("c1", "echo", "{}")))));
    scenario.thenRejected("without tool calls");
    scenario.when(append(user(" ")));
    scenario.thenRejected("without tool calls");
    scenario.when(append());
    scenario.thenRejected("append 1 to 100");
    List<Message> many = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      many.add(user("m" + i));
    }
    scenario.when(
        new Input.AppendMessages(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), many));
    scenario.thenRejected("not 101");
    scenario.when(append(user("x".repeat(300_000))));
    scenario.thenRejected("message.bytes");
    assertThat(scenario.state.nextMessageSeq()).isEqualTo(1);
  }
}
