package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Event.ModelCallCompleted;
import dev.threadline.step.core.Event.ModelCallRequested;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §5.3, prompt tools: a subprompt called as a tool runs one model step with its own system
 * prompt and model; its answer, shaped by its flags, is the tool's result; the step is a model
 * request like any other (lane, deadline, re-issue, retry, usage, events).
 */
class SubpromptsTest {
  private final Scenario scenario = new Scenario();

  static Subprompt summarize(boolean includeChat, boolean includePastTools) {
    return new Subprompt(
        "summarize",
        "Summarize a text",
        "You summarize in one line.",
        new ModelConfig("scripted", "small", "{}"),
        includeChat,
        includePastTools,
        null,
        null,
        true,
        true,
        true,
        java.util.Map.of(),
        null);
  }

  static AgentSnapshot coordinator(Subprompt subprompt) {
    return TestAgents.named("coordinator", "big", "You coordinate.")
        .with(
            b -> {
              b.lane = Lane.CHAT;
              b.subprompts = List.of(subprompt);
            });
  }

  private void givenCalling(Subprompt subprompt, String args) {
    scenario.given(
        scenario.create(coordinator(subprompt)),
        scenario.message("tell me about kafka"),
        scenario.reply(null, call("c1", "summarize", args)));
  }

  @Test
  void aSubpromptIsOfferedAsATool() {
    assertThat(ContextAssembler.tools(coordinator(summarize(false, false))))
        .anyMatch(
            t ->
                t.name().equals("summarize")
                    && t.description().equals("Summarize a text")
                    && t.parametersJson().contains("\"message\""));
  }

  @Test
  void callingASubpromptRequestsOneModelStepOfItsOwn() {
    scenario.given(
        scenario.create(coordinator(summarize(false, false))), scenario.message("tell me"));

    scenario.when(scenario.calls("summarize", "{\"message\":\"Kafka is a log\"}"));

    Output.RequestSubprompt request = scenario.outputs(Output.RequestSubprompt.class).getFirst();
    assertThat(request.message()).isEqualTo("Kafka is a log");
    assertThat(request.subprompt().name()).isEqualTo("summarize");
    assertThat(request.lane()).isEqualTo(Lane.CHAT);
    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Subprompt.class);
    assertThat(scenario.state.awaiting().deadline()).isNotNull();
    assertThat(scenario.events(ModelCallRequested.class))
        .singleElement()
        .satisfies(m -> assertThat(m.model()).isEqualTo("small"));
    assertThat(scenario.outputs(Output.RequestModel.class)).isEmpty();
  }

  @Test
  void itsModelCallIsMarkedWithTheSubpromptsNameAndTheAgentsStepsAreNot() {
    scenario.given(
        scenario.create(coordinator(summarize(false, false))), scenario.message("tell me"));
    assertThat(scenario.events(ModelCallRequested.class))
        .singleElement()
        .satisfies(m -> assertThat(m.subprompt()).isNull());

    scenario.when(scenario.calls("summarize", "{\"message\":\"Kafka is a log\"}"));

    assertThat(scenario.events(ModelCallRequested.class))
        .singleElement()
        .satisfies(m -> assertThat(m.subprompt()).isEqualTo("summarize"));
  }

  @Test
  void itsAnswerIsTheToolResultAndTheCallersStepGoesOn() {
    givenCalling(summarize(false, false), "{\"message\":\"Kafka is a log\"}");

    scenario.when(scenario.reply("A distributed log."));

    Values.Message result = scenario.toolResult();
    assertThat(result.toolCallId()).isEqualTo("c1");
    assertThat(result.content()).isEqualTo("A distributed log.");
    assertThat(result.isError()).isFalse();
    assertThat(scenario.events(ModelCallCompleted.class)).hasSize(1);
    assertThat(scenario.state.usage().input()).isEqualTo(20); // both steps counted
    scenario.thenRequestsModel(); // the coordinator's next step
  }

  @Test
  void withoutAMessageAndWithoutTheChatItIsAToolError() {
    scenario.given(scenario.create(coordinator(summarize(false, false))), scenario.message("go"));

    scenario.when(scenario.calls("summarize", "{}"));

    assertThat(scenario.toolResults())
        .singleElement()
        .satisfies(m -> assertThat(m.content()).contains("field 'message' is required"));
    assertThat(scenario.outputs(Output.RequestSubprompt.class)).isEmpty();
  }

  @Test
  void theToolCallsItsAnswerAsksForAreReportedNotRun() {
    givenCalling(summarize(false, false), "{\"message\":\"x\"}");

    scenario.when(scenario.reply("see", call("s1", "echo", "{\"n\":1}")));

    assertThat(scenario.toolResults().getFirst().content())
        .contains("\"text\":\"see\"")
        .contains("\"name\":\"echo\"");
    assertThat(scenario.outputs(Output.RequestTool.class)).isEmpty();
  }

  @Test
  void aFailedStepIsAnErrorResultAfterItsRetries() {
    givenCalling(summarize(false, false), "{\"message\":\"x\"}");

    scenario.when(scenario.modelError(false));

    Values.Message result = scenario.toolResult();
    assertThat(result.isError()).isTrue();
    assertThat(result.content()).contains("summarize failed").contains("bad_request");
  }

  @Test
  void aRetryableFailureIsRetriedAfterItsBackoffAsANewRequest() {
    givenCalling(summarize(false, false), "{\"message\":\"x\"}");
    String first = scenario.pendingId();
    scenario.given(scenario.modelError(true));
    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Subprompt.class);

    scenario.when(scenario.deadlinePassed());

    // A new id: the executor answers a copy of a request it ran with that request's result.
    Output.RequestSubprompt retry = scenario.outputs(Output.RequestSubprompt.class).getFirst();
    assertThat(retry.requestId()).isEqualTo(first + "/r1");
    scenario.when(scenario.reply("A distributed log."));
    assertThat(scenario.toolResult().content()).isEqualTo("A distributed log.");
  }

  @Test
  void retryableFailuresPastTheModelRetriesFailTheCall() {
    givenCalling(summarize(false, false), "{\"message\":\"x\"}");
    int retries = scenario.machine.config().maxModelRetries();
    for (int i = 0; i < retries; i++) {
      scenario.given(scenario.modelError(true), scenario.deadlinePassed());
    }

    scenario.when(scenario.modelError(true));

    assertThat(scenario.toolResult().isError()).isTrue();
    assertThat(scenario.toolResult().content()).contains("summarize failed");
  }

  @Test
  void aSubpromptWithoutAnswerIsReissuedWithGrowingDeadlinesAndNeverFailedForTheWait() {
    givenCalling(summarize(false, false), "{\"message\":\"x\"}");
    String id = scenario.pendingId();
    java.time.Duration wait = java.time.Duration.ZERO;

    for (int attempt = 2; attempt < scenario.machine.config().maxAttempts() + 3; attempt++) {
      scenario.when(scenario.deadlinePassed());

      Output.RequestSubprompt again = scenario.outputs(Output.RequestSubprompt.class).getFirst();
      assertThat(again.requestId()).isEqualTo(id);
      assertThat(again.attempt()).isEqualTo(attempt);
      assertThat(scenario.toolResults()).isEmpty();
      java.time.Duration next = java.time.Duration.between(again.issuedAt(), again.deadline());
      assertThat(next).isGreaterThanOrEqualTo(wait);
      wait = next;
    }
  }

  @Test
  void withTheChatItSeesTheCallersTextButNotTheUnansweredCall() {
    List<Message> window =
        List.of(
            Message.user(InboundMessage.invoke("tell me about kafka")),
            Message.assistant("let me check", List.of(new ToolCall("c0", "echo", "{}"))),
            Message.toolResult(new ToolCall("c0", "echo", "{}"), "echoed", false),
            Message.assistant(null, List.of(new ToolCall("c1", "summarize", "{}"))));

    List<Message> chatOnly = SubpromptContext.messages(summarize(true, false), window, "");
    List<Message> withTools = SubpromptContext.messages(summarize(true, true), window, "go");

    assertThat(chatOnly)
        .extracting(Message::role)
        .containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT);
    assertThat(chatOnly.get(2).toolCalls()).isEmpty();
    assertThat(withTools)
        .extracting(Message::role)
        .containsExactly(Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.USER);
    assertThat(withTools.get(2).toolCalls()).extracting(ToolCall::callId).containsExactly("c0");
  }

  @Test
  void withoutTheChatItSeesOnlyItsPromptAndTheMessage() {
    List<Message> window = List.of(Message.user(InboundMessage.invoke("secret plans")));

    List<Message> messages = SubpromptContext.messages(summarize(false, false), window, "x");

    assertThat(messages)
        .extracting(Message::content)
        .containsExactly("You summarize in one line.", "x");
  }
}
