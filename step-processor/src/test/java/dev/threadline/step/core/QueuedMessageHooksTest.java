package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.TurnCompleted;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code before_create_message} sees every message a turn takes from the queue — a user's, a queued
 * or steered one, a subagent's report — before it is stored, as it sees a model's reply (the
 * Standard Agents model's hooks): the turn waits for it, and what it answers is what is stored and
 * what the model reads. One that fails, answers what a message may not hold or never answers
 * changes nothing but is reported.
 */
class QueuedMessageHooksTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Scenario scenario = new Scenario();

  private static AgentSnapshot redacting() {
    return TestAgents.agent().with(b -> b.hooks = Map.of("before_create_message", "redact"));
  }

  private List<MessageAppended> userMessages() {
    return scenario.events(MessageAppended.class).stream()
        .filter(m -> m.message().role() == Role.USER)
        .toList();
  }

  @Test
  void beforeCreateMessageSeesAUsersMessageBeforeItIsStoredAndItsAnswerIsStored() throws Exception {
    scenario.when(scenario.create(redacting(), "write to ada@example.com"));

    Output.RequestHook hook = scenario.outputs(Output.RequestHook.class).getFirst();
    assertThat(hook.call().callId()).isEqualTo("before_create_message");
    assertThat(hook.call().name()).isEqualTo("redact");
    JsonNode input = JSON.readTree(hook.call().argumentsJson());
    assertThat(input.path("role").asText()).isEqualTo("user");
    assertThat(input.path("content").asText()).isEqualTo("write to ada@example.com");
    assertThat(userMessages()).isEmpty();
    scenario.thenRequestsNoModel().thenStatus(Status.RUNNING);

    scenario.when(scenario.toolOk("{\"content\": \"write to [email]\"}"));

    assertThat(userMessages())
        .singleElement()
        .satisfies(m -> assertThat(m.message().content()).isEqualTo("write to [email]"));
    scenario.thenRequestsModel();
  }

  @Test
  void afterCreateMessageSeesTheMessageAsItWillBeStoredAndItsWritesAreApplied() throws Exception {
    AgentSnapshot both =
        TestAgents.agent()
            .with(
                b ->
                    b.hooks =
                        Map.of("before_create_message", "redact", "after_create_message", "count"));
    scenario.given(scenario.create(both, "write to ada@example.com"));
    scenario.when(scenario.toolOk("{\"content\": \"write to [email]\"}"));

    Output.RequestHook after = scenario.outputs(Output.RequestHook.class).getFirst();
    assertThat(after.call().callId()).isEqualTo("after_create_message");
    assertThat(after.call().name()).isEqualTo("count");
    assertThat(JSON.readTree(after.call().argumentsJson()).path("content").asText())
        .isEqualTo("write to [email]");
    assertThat(userMessages()).isEmpty();
    scenario.thenRequestsNoModel();

    scenario.when(
        scenario.toolOk(
            "{\"content\": \"ignored\"}",
            new Values.ToolEffect(
                "set_value", "{\"key\": \"seen\", \"value\": 1}", List.of(), 0, false)));

    assertThat(userMessages().getFirst().message().content()).isEqualTo("write to [email]");
    assertThat(scenario.events(Event.ValueChanged.class)).isNotEmpty();
    scenario.thenRequestsModel();
  }

  @Test
  void afterCreateMessageAloneRunsOnTheMessageAsSent() {
    scenario.given(
        scenario.create(
            TestAgents.agent().with(b -> b.hooks = Map.of("after_create_message", "count")),
            "hello"));
    assertThat(scenario.outputs(Output.RequestHook.class).getFirst().call().callId())
        .isEqualTo("after_create_message");

    scenario.when(scenario.toolFailed("unknown_tool: no function 'count'"));

    assertThat(scenario.event(HookFailed.class).hook()).isEqualTo("after_create_message");
    assertThat(userMessages().getFirst().message().content()).isEqualTo("hello");
    scenario.thenRequestsModel();
  }

  @Test
  void aMessageQueuedWhileATurnRunsIsHookedWhenTheTurnTakesIt() {
    scenario.given(
        scenario.create(redacting(), "first"),
        scenario.toolOk("{}"),
        scenario.message("second to bob@example.com"));

    scenario.when(scenario.reply("answered"));

    Output.RequestHook hook = scenario.outputs(Output.RequestHook.class).getFirst();
    assertThat(hook.call().argumentsJson()).contains("second to bob@example.com");
    scenario.thenRequestsNoModel();
    scenario.when(scenario.toolOk("{\"content\": \"second to [email]\"}"));
    assertThat(userMessages())
        .singleElement()
        .satisfies(m -> assertThat(m.message().content()).isEqualTo("second to [email]"));
    scenario.thenRequestsModel();
  }

  @Test
  void aChoreArrivingWhileAQueuedChoresHookRunsIsNotJoinedIntoIt() {
    scenario.given(
        scenario.create(redacting()),
        scenario.message(chore("sweep for ada@example.com"), Enums.Delivery.AUTO),
        scenario.message(chore("and mop"), Enums.Delivery.AUTO));

    scenario.when(scenario.toolOk("{\"content\": \"sweep for [email]\"}"));

    assertThat(userMessages())
        .singleElement()
        .satisfies(m -> assertThat(m.message().content()).isEqualTo("sweep for [email]"));
    assertThat(scenario.outputs(Output.RequestHook.class).getFirst().call().argumentsJson())
        .as("the later chore, hooked on its own")
        .contains("and mop");
  }

  private static Values.InboundMessage chore(String text) {
    return new Values.InboundMessage(Enums.Origin.CHORE, null, null, text, Map.of(), List.of());
  }

  @Test
  void anAnswerWithoutContentStoresTheMessageAsSent() {
    scenario.given(scenario.create(redacting(), "hello"));

    scenario.when(scenario.toolOk("{}"));

    assertThat(userMessages().getFirst().message().content()).isEqualTo("hello");
    assertThat(scenario.events(HookFailed.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  @Test
  void aHookThatFailsOrAnswersTooMuchIsReportedAndTheMessageStoredAsSent() {
    scenario.given(scenario.create(redacting(), "hello"));
    scenario.when(scenario.toolFailed("unknown_tool: no function 'redact'"));
    assertThat(scenario.event(HookFailed.class).hook()).isEqualTo("before_create_message");
    assertThat(userMessages().getFirst().message().content()).isEqualTo("hello");

    scenario.given(scenario.reply("hi"), scenario.message("again"));
    long most = scenario.machine.config().limits().messageBytes();
    scenario.when(
        scenario.toolOk(
            JSON.createObjectNode().put("content", "x".repeat((int) most + 1)).toString()));
    assertThat(scenario.event(HookFailed.class).message()).contains("message.bytes");
    assertThat(userMessages().getFirst().message().content()).isEqualTo("again");
    scenario.thenRequestsModel();
  }

  @Test
  void aHookWithNoAnswerIsGivenUpAfterItsAttemptsAndTheMessageStoredAsSent() {
    scenario.given(scenario.create(redacting(), "hello"));
    int attempts = scenario.machine.config().maxAttempts();
    for (int attempt = 2; attempt <= attempts; attempt++) {
      scenario.when(scenario.deadlinePassed());
      assertThat(scenario.outputs(Output.RequestHook.class).getFirst().attempt())
          .isEqualTo(attempt);
    }

    scenario.when(scenario.deadlinePassed());

    assertThat(scenario.event(HookFailed.class).message()).contains("no answer after");
    assertThat(userMessages().getFirst().message().content()).isEqualTo("hello");
    scenario.thenRequestsModel();
  }

  @Test
  void anAbortWhileAMessagesHookRunsEndsTheTurnAndALateAnswerChangesNothing() {
    scenario.given(scenario.create(redacting(), "hello"));
    String hook = scenario.pendingId();
    long epoch = scenario.state.epoch();

    scenario.when(scenario.abort());

    assertThat(scenario.event(TurnCompleted.class).reason()).isEqualTo(TurnEnd.ABORTED);
    scenario.when(
        new Input.ToolResultReceived(
            hook,
            epoch,
            scenario.tick(),
            "{\"content\": \"late\"}",
            null,
            2,
            List.of(),
            List.of()));
    assertThat(userMessages()).noneMatch(m -> m.message().content().equals("late"));
  }
}
