package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Values.Message;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §3, §5: the conversation stays one a chat-completions endpoint accepts, whatever happens —
 * every tool call the assistant made gets exactly one tool result before anything else.
 */
class ConversationTest {
  private final Scenario scenario = new Scenario();

  private List<Message> toolResults() {
    return scenario.events(MessageAppended.class).stream()
        .map(MessageAppended::message)
        .filter(m -> m.role() == Role.TOOL)
        .toList();
  }

  @Test
  void anAbortAnswersTheCallInFlightAndTheCallsNotYetStarted() {
    scenario.givenCalling(call("c1", "echo", "{}"), call("c2", "search", "{}"));

    scenario.when(scenario.abort());

    assertThat(toolResults())
        .extracting(Message::toolCallId, Message::isError)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("c1", true),
            org.assertj.core.groups.Tuple.tuple("c2", true));
    assertThat(toolResults().getFirst().content()).contains("aborted");
  }

  @Test
  void aTerminationAnswersTheCallInFlight() {
    scenario.givenCalling(call("c1", "echo", "{}"));

    scenario.when(scenario.terminate());

    assertThat(toolResults()).extracting(Message::toolCallId).containsExactly("c1");
    assertThat(toolResults().getFirst().content()).contains("terminated");
  }

  @Test
  void anAbortWhileAwaitingApprovalAnswersTheWaitingCall() {
    scenario.givenAwaitingApproval();

    scenario.when(scenario.abort());

    assertThat(toolResults()).extracting(Message::toolCallId).containsExactly("c1");
  }

  @Test
  void callsAfterASessionStopInTheSameReplyAreSkippedNotRun() {
    scenario.givenRunning();

    scenario.when(
        scenario.reply(null, call("c1", "sessionStop", "{}"), call("c2", "echo", "{\"n\":1}")));

    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
    assertThat(toolResults())
        .extracting(Message::toolCallId, Message::content)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("c1", "{\"ok\":true}"),
            org.assertj.core.groups.Tuple.tuple("c2", "skipped: session stopped"));
  }

  @Test
  void aMessageAfterAnAbortFollowsTheAnswersToEveryCall() {
    scenario.givenCalling(call("c1", "echo", "{}"), call("c2", "search", "{}"));
    scenario.given(scenario.abort());

    scenario.when(scenario.message("never mind, do this instead"));

    scenario.thenRequestsModel();
    // go (1), the calls (2), their answers (3, 4), then the new message (5)
    assertThat(scenario.events(MessageAppended.class))
        .singleElement()
        .satisfies(m -> assertThat(m.messageSeq()).isEqualTo(5));
  }

  @Test
  void whatTheProviderNeedsBackIsKeptWithTheAssistantMessage() {
    String thinking = "{\"anthropic\":[{\"type\":\"thinking\",\"signature\":\"sig\"}]}";
    scenario.givenRunning();

    scenario.when(
        new Input.ModelResultReceived(
            Scenario.PENDING,
            Scenario.CURRENT_EPOCH,
            scenario.now(),
            new Input.ModelReply(
                null,
                List.of(call("c1", "echo", "{}")),
                new Values.Usage(1, 1),
                "tool_calls",
                thinking),
            List.of()));

    assertThat(scenario.events(MessageAppended.class))
        .map(MessageAppended::message)
        .filteredOn(m -> m.role() == Role.ASSISTANT)
        .singleElement()
        .satisfies(m -> assertThat(m.providerItems()).isEqualTo(thinking));
  }
}
