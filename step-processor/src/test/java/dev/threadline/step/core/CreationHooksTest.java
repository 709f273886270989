package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.EnvChanged;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Values.ToolEffect;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The creation hooks run before a thread's first turn, as calls the thread awaits: the first turn
 * starts on the creation's message only when they are done, their writes applied; one that fails,
 * times out or is aborted is reported and the thread goes on without it.
 */
class CreationHooksTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ParentRef PARENT = new ParentRef("t-parent", "helper", "h1", true, false);
  private final Scenario scenario = new Scenario();

  private static AgentSnapshot hooked(Map<String, String> hooks) {
    return TestAgents.agent().with(b -> b.hooks = hooks);
  }

  private Input.ToolResultReceived answered(ToolEffect... writes) {
    return scenario.toolOk("{}", writes);
  }

  /** A late answer to the hook call {@code requestId} of epoch {@code epoch}. */
  private Input.ToolResultReceived late(String requestId, long epoch, ToolEffect... writes) {
    return new Input.ToolResultReceived(
        requestId, epoch, scenario.tick(), "{}", null, 2, List.of(writes), List.of());
  }

  private static ToolEffect setEnv(String name, String value) {
    return new ToolEffect(
        "set_env", "{\"name\":\"" + name + "\",\"value\":\"" + value + "\"}", List.of(), 0, false);
  }

  @Test
  void afterThreadCreatedRunsBeforeTheFirstTurnWhichStartsOnlyWhenItIsDone() throws Exception {
    scenario.when(scenario.create(hooked(Map.of("after_thread_created", "greet")), "plan my trip"));

    Output.RequestHook call = scenario.outputs(Output.RequestHook.class).getFirst();
    assertThat(call.call().name()).isEqualTo("greet");
    assertThat(call.call().callId()).isEqualTo("after_thread_created");
    JsonNode input = JSON.readTree(call.call().argumentsJson());
    assertThat(input.path("threadId").asText()).isEqualTo(scenario.state.threadId());
    assertThat(input.path("message").asText()).isEqualTo("plan my trip");
    assertThat(scenario.events(TurnStarted.class)).isEmpty();
    scenario.thenRequestsNoModel().thenStatus(Status.RUNNING);

    scenario.when(answered(setEnv("CITY", "Lisbon")));

    assertThat(scenario.event(EnvChanged.class).value()).isEqualTo("Lisbon");
    assertThat(scenario.events(TurnStarted.class)).hasSize(1);
    scenario.thenRequestsModel();
  }

  @Test
  void aSubagentRunsAfterSubagentCreatedOnceAfterThreadCreatedIsDone() {
    scenario.when(
        scenario.createChild(
            hooked(Map.of("after_thread_created", "greet", "after_subagent_created", "brief")),
            PARENT,
            "look it up"));
    assertThat(scenario.outputs(Output.RequestHook.class).getFirst().call().name())
        .isEqualTo("greet");

    scenario.when(answered());

    Output.RequestHook second = scenario.outputs(Output.RequestHook.class).getFirst();
    assertThat(second.call().callId()).isEqualTo("after_subagent_created");
    assertThat(second.call().argumentsJson()).contains("\"parentThreadId\":\"t-parent\"");
    scenario.thenRequestsNoModel();

    scenario.when(answered());

    scenario.thenRequestsModel();
  }

  @Test
  void aRootThreadDoesNotRunAfterSubagentCreated() {
    scenario.when(scenario.create(hooked(Map.of("after_subagent_created", "brief")), "hello"));

    assertThat(scenario.outputs(Output.RequestHook.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  @Test
  void aHookThatFailsIsReportedAndTheFirstTurnGoesOn() {
    scenario.given(scenario.create(hooked(Map.of("after_thread_created", "greet")), "hello"));

    scenario.when(scenario.toolFailed("unknown_tool: no function 'greet'"));

    HookFailed failed = scenario.event(HookFailed.class);
    assertThat(failed.hook()).isEqualTo("after_thread_created");
    assertThat(failed.function()).isEqualTo("greet");
    assertThat(failed.message()).contains("no function 'greet'");
    scenario.thenRequestsModel();
  }

  @Test
  void aHookWhoseWritesAreInvalidChangesNothingAndIsReported() {
    scenario.given(scenario.create(hooked(Map.of("after_thread_created", "greet")), "hello"));

    scenario.when(answered(new ToolEffect("no_such_write", "{}", List.of(), 0, false)));

    assertThat(scenario.event(HookFailed.class).message()).contains("unknown write");
    assertThat(scenario.events(EnvChanged.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  @Test
  void aHookWithNoAnswerIsReissuedUnderItsIdThenGivenUpAndTheThreadGoesOn() {
    scenario.given(scenario.create(hooked(Map.of("after_thread_created", "greet")), "hello"));
    String id = scenario.pendingId();
    int attempts = scenario.machine.config().maxAttempts();

    for (int attempt = 2; attempt <= attempts; attempt++) {
      scenario.when(scenario.deadlinePassed());
      Output.RequestHook again = scenario.outputs(Output.RequestHook.class).getFirst();
      assertThat(again.requestId()).isEqualTo(id);
      assertThat(again.attempt()).isEqualTo(attempt);
    }
    scenario.when(scenario.deadlinePassed());

    assertThat(scenario.event(HookFailed.class).message())
        .isEqualTo("no answer after " + attempts + " attempts");
    scenario.thenRequestsModel();
  }

  @Test
  void messagesArrivingWhileItRunsWaitBehindTheCreationMessage() {
    scenario.given(
        scenario.create(hooked(Map.of("after_thread_created", "greet")), "first"),
        scenario.message("second"));
    scenario.thenRequestsNoModel();

    scenario.when(answered());

    Output.RequestModel model = scenario.thenRequestsModel();
    assertThat(model).isNotNull();
    assertThat(scenario.state.queue()).isEmpty();
  }

  @Test
  void aThreadCreatedWithoutAMessageIsIdleOnceItsHookIsDone() {
    scenario.given(scenario.create(hooked(Map.of("after_thread_created", "greet"))));
    scenario.thenStatus(Status.RUNNING);

    scenario.when(answered());

    scenario.thenRequestsNoModel().thenStatus(Status.IDLE);
  }

  @Test
  void anAbortWhileItRunsFencesItAndTheFirstTurnGoesOn() {
    scenario.given(scenario.create(hooked(Map.of("after_thread_created", "greet")), "hello"));
    String hook = scenario.pendingId();
    long epoch = scenario.state.epoch();

    scenario.when(scenario.abort());

    assertThat(scenario.event(HookFailed.class).message()).contains("aborted");
    scenario.thenRequestsModel();
    scenario.when(late(hook, epoch, setEnv("CITY", "Rome")));
    assertThat(scenario.events(EnvChanged.class)).isEmpty();
  }

  @Test
  void terminatingBeforeTheFirstTurnEndsNoTurnThatNeverStarted() {
    scenario.given(scenario.create(hooked(Map.of("after_thread_created", "greet")), "hello"));
    String hook = scenario.pendingId();
    long epoch = scenario.state.epoch();

    scenario.when(scenario.terminate());

    assertThat(scenario.events(TurnCompleted.class)).isEmpty();
    scenario.thenStatus(Status.TERMINATED);
    scenario.when(late(hook, epoch));
    scenario.thenRequestsNoModel().thenStatus(Status.TERMINATED);
  }
}
