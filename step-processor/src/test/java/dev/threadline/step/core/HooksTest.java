package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Values.HookFailure;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The agent's hooks travel with its requests; a hook that did not do its part comes back with the
 * result, and the thread's log names it — for the result the thread awaits, not for a stale one.
 */
class HooksTest {
  private static final Map<String, String> HOOKS =
      Map.of("before_store_tool_result", "redact_emails", "filter_messages", "keep_recent");
  private final Scenario scenario = new Scenario();

  private void givenAToolCallOut() {
    scenario.given(
        scenario.create(TestAgents.agent().with(b -> b.hooks = HOOKS)),
        scenario.message("look it up"),
        scenario.reply(null, call("c1", "echo", "{}")));
  }

  @Test
  void aResultsHookFailuresAreEventsNamingHookAndFunctionAndTheCallGoesOn() {
    givenAToolCallOut();
    String requestId = scenario.pendingId();

    scenario.when(
        new Input.ToolResultReceived(
            Scenario.PENDING,
            Scenario.CURRENT_EPOCH,
            scenario.tick(),
            "{\"ok\":true}",
            null,
            3,
            List.of(),
            List.of(
                new HookFailure(
                    "before_store_tool_result", "redact_emails", "no function 'redact_emails'"))));

    assertThat(scenario.event(HookFailed.class))
        .isEqualTo(
            new HookFailed(
                requestId,
                "before_store_tool_result",
                "redact_emails",
                "no function 'redact_emails'"));
    assertThat(scenario.toolResult().content()).isEqualTo("{\"ok\":true}");
    scenario.thenRequestsModel();
  }

  @Test
  void aStaleResultsHookFailuresAreNotTheThreadsToReport() {
    givenAToolCallOut();

    scenario.when(
        new Input.ToolResultReceived(
            "someone-else",
            Scenario.CURRENT_EPOCH,
            scenario.tick(),
            "{}",
            null,
            3,
            List.of(),
            List.of(new HookFailure("before_store_tool_result", "redact_emails", "late"))));

    assertThat(scenario.events(HookFailed.class)).isEmpty();
  }

  @Test
  void theAgentsHooksAreFrozenWithTheThread() {
    givenAToolCallOut();

    assertThat(scenario.state.agent().hooks()).isEqualTo(HOOKS);
  }
}
