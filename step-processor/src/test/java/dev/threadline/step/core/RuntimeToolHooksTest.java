package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Event.ToolCallCompleted;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Event.ValueChanged;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The agent's tool hooks run around the calls the step processor runs itself (the Standard Agents
 * model: hooks around runtime tools), as an executor runs them around the calls it serves: {@code
 * after_tool_call_success} / {@code after_tool_call_failure} see the call and its outcome, then
 * {@code before_store_tool_result} may change what is stored. The turn awaits each; nothing of the
 * result is stored before they are done.
 */
class RuntimeToolHooksTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String STATUS = "{\"status\": \"working on ada@example.com\"}";
  private final Scenario scenario = new Scenario();

  private static AgentSnapshot hooked(Map<String, String> hooks) {
    return TestAgents.agent().with(b -> b.hooks = hooks);
  }

  private Output.RequestHook hook() {
    return scenario.outputs(Output.RequestHook.class).getFirst();
  }

  @Test
  void afterToolCallSuccessSeesARuntimeToolsResultBeforeItIsStoredAndItsWritesAreApplied()
      throws Exception {
    scenario.given(
        scenario.create(hooked(Map.of("after_tool_call_success", "audit")), "go"),
        scenario.calls("sessionStatus", STATUS));

    Output.RequestHook hook = hook();
    assertThat(hook.call().callId()).isEqualTo("after_tool_call_success");
    assertThat(hook.call().name()).isEqualTo("audit");
    JsonNode view = JSON.readTree(hook.call().argumentsJson());
    assertThat(view.path("tool").asText()).isEqualTo("sessionStatus");
    assertThat(view.path("callId").asText()).isEqualTo("c1");
    assertThat(view.path("arguments").path("status").asText())
        .isEqualTo("working on ada@example.com");
    assertThat(view.path("output").asText()).isNotEmpty();
    assertThat(scenario.toolResults()).as("nothing stored before its hooks ran").isEmpty();
    scenario.thenRequestsNoModel();

    scenario.when(
        scenario.toolOk(
            "{}",
            new Values.ToolEffect(
                "set_value", "{\"key\": \"audited\", \"value\": 1}", List.of(), 0, false)));

    assertThat(scenario.toolResult().isError()).isFalse();
    assertThat(scenario.events(ValueChanged.class))
        .containsExactly(new ValueChanged("audited", "1"));
    assertThat(scenario.event(ToolCallCompleted.class).toolName()).isEqualTo("sessionStatus");
    scenario.thenRequestsModel();
  }

  @Test
  void beforeStoreToolResultChangesWhatARuntimeToolStores() {
    scenario.given(
        scenario.create(
            hooked(
                Map.of("after_tool_call_success", "audit", "before_store_tool_result", "redact")),
            "go"),
        scenario.calls("sessionStatus", STATUS),
        scenario.toolOk("{}"));
    assertThat(hook().call().callId()).isEqualTo("before_store_tool_result");

    scenario.when(scenario.toolOk("{\"output\": \"[redacted]\"}"));

    assertThat(scenario.toolResult().content()).isEqualTo("[redacted]");
    scenario.thenRequestsModel();
  }

  @Test
  void afterToolCallFailureSeesARuntimeToolsErrorAndBeforeStoreMayRewordIt() throws Exception {
    scenario.given(
        scenario.create(
            hooked(
                Map.of("after_tool_call_failure", "alarm", "before_store_tool_result", "reword")),
            "go"),
        scenario.calls("subagent_message", "{\"name\": \"nobody\", \"message\": \"hi\"}"));
    JsonNode view = JSON.readTree(hook().call().argumentsJson());
    assertThat(hook().call().callId()).isEqualTo("after_tool_call_failure");
    assertThat(view.path("error").path("code").asText()).isEqualTo("tool_error");
    assertThat(view.path("error").path("message").asText()).contains("nobody");

    scenario.when(scenario.toolOk("{}"));
    assertThat(hook().call().callId()).isEqualTo("before_store_tool_result");
    scenario.when(scenario.toolOk("{\"error\": \"no helper by that name\"}"));

    assertThat(scenario.toolResult().isError()).isTrue();
    assertThat(scenario.toolResult().content()).isEqualTo("no helper by that name");
    scenario.thenRequestsModel();
  }

  @Test
  void aToolHookThatAnswersWronglyOrNeverChangesNothingAndIsReported() {
    scenario.given(
        scenario.create(hooked(Map.of("before_store_tool_result", "redact")), "go"),
        scenario.calls("sessionStatus", STATUS));

    scenario.when(scenario.toolOk("[\"not an object\"]"));

    assertThat(scenario.event(HookFailed.class).hook()).isEqualTo("before_store_tool_result");
    assertThat(scenario.toolResult().content()).isNotEqualTo("[\"not an object\"]");
    assertThat(scenario.toolResult().isError()).isFalse();

    Scenario late = new Scenario();
    late.given(
        late.create(hooked(Map.of("before_store_tool_result", "redact")), "go"),
        late.calls("sessionStatus", STATUS));
    for (int attempt = 1; attempt < MachineConfig.defaults().maxAttempts(); attempt++) {
      late.when(late.deadlinePassed());
      assertThat(late.toolResults()).isEmpty();
    }
    late.when(late.deadlinePassed());
    assertThat(late.event(HookFailed.class).message()).contains("no answer");
    assertThat(late.toolResult().isError()).isFalse();
    late.thenRequestsModel();
  }

  @Test
  void aSetValueIsRecordedOnceAfterItsHooks() {
    scenario.given(
        scenario.create(hooked(Map.of("after_tool_call_success", "audit")), "go"),
        scenario.calls("set_value", "{\"key\": \"k\", \"value\": 2}"),
        scenario.toolOk("{\"ok\": true}"));
    assertThat(hook().call().callId()).isEqualTo("after_tool_call_success");

    scenario.when(scenario.toolOk("{}"));

    assertThat(scenario.events(ValueChanged.class)).containsExactly(new ValueChanged("k", "2"));
  }

  @Test
  void anAbortWhileARuntimeToolsHookRunsGivesTheCallACancelledResult() {
    scenario.given(
        scenario.create(hooked(Map.of("before_store_tool_result", "redact")), "go"),
        scenario.calls("sessionStatus", STATUS));

    scenario.when(scenario.abort());

    assertThat(scenario.toolResult().isError()).isTrue();
    assertThat(scenario.toolResult().content()).contains("aborted");
    assertThat(scenario.event(TurnCompleted.class).reason()).isEqualTo(TurnEnd.ABORTED);
    assertThat(scenario.event(ToolCallCompleted.class).callId()).isEqualTo("c1");
  }

  @Test
  void aCallRefusedBeforeItRanAndAnExecutorsCallAreNotHookedHere() {
    scenario.given(
        scenario.create(
            hooked(Map.of("after_tool_call_failure", "alarm", "after_tool_call_success", "audit")),
            "go"));

    scenario.when(scenario.calls("no_such_tool", "{}"));
    assertThat(scenario.outputs(Output.RequestHook.class)).isEmpty();
    assertThat(scenario.toolResult().isError()).isTrue();

    scenario.when(scenario.reply(null, call("c2", "echo", "{}")));
    scenario.when(scenario.toolOk("{\"echoed\": true}"));
    assertThat(scenario.outputs(Output.RequestHook.class))
        .as("the executor ran echo's hooks")
        .isEmpty();
    assertThat(scenario.toolResult().content()).isEqualTo("{\"echoed\": true}");
  }
}
