package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Event.ApprovalDecided;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.MessageQueued;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every command's id reaches the events it causes, so a client can tell its answer from a
 * concurrent one: the message it became, the queue it joined, the decision it made, its refusal.
 */
class CommandCorrelationTest {
  private final Scenario scenario = new Scenario();

  @Test
  void aMessageToAnIdleThreadIsAppendedUnderItsCommandId() {
    scenario.given(scenario.create());
    Input.SendMessage hello = scenario.message("hello");

    scenario.when(hello);

    assertThat(userMessages()).containsExactly(hello.commandId());
  }

  @Test
  void aMessageToABusyThreadIsQueuedAndLaterAppendedUnderItsCommandId() {
    scenario.given(scenario.create(), scenario.message("first"));
    Input.SendMessage second = scenario.message("second");

    scenario.when(second);
    assertThat(scenario.events(MessageQueued.class))
        .extracting(MessageQueued::commandId)
        .containsExactly(second.commandId());

    scenario.when(scenario.reply("done with the first"));
    assertThat(userMessages()).containsExactly(second.commandId());
  }

  @Test
  void theMessageHoldingAQueuedToolCallNamesTheToolsCommand() {
    scenario.given(scenario.create());
    Input.QueueTool tool = scenario.queueTool("echo", "{}");

    scenario.when(tool);

    assertThat(scenario.events(MessageAppended.class))
        .filteredOn(m -> m.message().role() == Role.ASSISTANT)
        .extracting(MessageAppended::commandId)
        .containsExactly(tool.commandId());
  }

  @Test
  void theModelsAnswerNamesNoCommand() {
    scenario.given(scenario.create(), scenario.message("hello"));

    scenario.when(scenario.reply("hi"));

    assertThat(scenario.events(MessageAppended.class))
        .singleElement()
        .satisfies(m -> assertThat(m.commandId()).isNull());
  }

  @Test
  void anApprovalDecisionIsRecordedUnderItsCommandId() {
    scenario.givenAwaitingApproval();
    Input.ApprovalDecision decision = scenario.decision("c1", true, null);

    scenario.when(decision);

    assertThat(scenario.events(ApprovalDecided.class))
        .extracting(ApprovalDecided::commandId)
        .containsExactly(decision.commandId());
  }

  @Test
  void aRefusedCommandIsNamedInItsRefusal() {
    scenario.given(scenario.create(), scenario.terminate());
    Input.SendMessage late = scenario.message("too late");

    scenario.when(late);

    assertThat(scenario.events(CommandRejected.class))
        .extracting(CommandRejected::commandId)
        .containsExactly(late.commandId());
  }

  private List<String> userMessages() {
    return scenario.events(MessageAppended.class).stream()
        .filter(m -> m.message().role() == Role.USER)
        .map(MessageAppended::commandId)
        .toList();
  }
}
