package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.step.core.AgentSnapshot.ContextBudget;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.CompactionCompleted;
import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Event.MessageAppended;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The create hooks run around compaction too (the Standard Agents model: hooks on every message):
 * the continuation a compaction makes goes through {@code before_create_message} and {@code
 * after_create_message} before it opens the new window, as every other message does.
 */
class ContinuationHooksTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Scenario scenario = new Scenario();

  private static AgentSnapshot tiny(Map<String, String> hooks) {
    return TestAgents.named("tiny", null, "be brief")
        .with(
            b -> {
              b.context = new ContextBudget(6_000, 1_000);
              b.hooks = hooks;
            });
  }

  /** A thread whose window is compacted before its next model call, the summary requested. */
  private void compacting(Map<String, String> hooks) {
    scenario.given(scenario.create(tiny(hooks)), scenario.message("go"));
    answerTheMessagesHooks();
    scenario.given(scenario.calls("echo", "{}"), scenario.toolOk("y".repeat(15_000)));
    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Compaction.class);
  }

  /** The user's message goes through the same hooks first: they answer without a change. */
  private void answerTheMessagesHooks() {
    while (scenario.state.awaiting() instanceof Awaiting.Hook) {
      scenario.given(scenario.toolOk("{}"));
    }
  }

  @Test
  void beforeCreateMessageSeesTheContinuationAndItsAnswerStartsTheNewWindow() throws Exception {
    compacting(Map.of("before_create_message", "redact"));

    scenario.when(scenario.reply("Goal: mail ada@example.com"));

    Output.RequestHook hook = scenario.outputs(Output.RequestHook.class).getFirst();
    assertThat(hook.call().callId()).isEqualTo("before_create_message");
    JsonNode input = JSON.readTree(hook.call().argumentsJson());
    assertThat(input.path("kind").asText()).isEqualTo("continuation");
    assertThat(input.path("content").asText())
        .startsWith("[Continuation of the conversation so far]")
        .contains("ada@example.com");
    assertThat(scenario.events(CompactionCompleted.class)).isEmpty();
    scenario.thenRequestsNoModel();

    scenario.when(scenario.toolOk("{\"content\": \"Goal: mail [email]\"}"));

    MessageAppended artifact = scenario.events(MessageAppended.class).getFirst();
    assertThat(artifact.message().content()).isEqualTo("Goal: mail [email]");
    assertThat(scenario.state.contextStartSeq()).isEqualTo(artifact.messageSeq());
    assertThat(scenario.events(CompactionCompleted.class)).hasSize(1);
    scenario.thenRequestsModel();
  }

  @Test
  void afterCreateMessageSeesTheContinuationAsItWillBeStored() throws Exception {
    compacting(Map.of("before_create_message", "redact", "after_create_message", "count"));
    scenario.given(scenario.reply("Goal: one"), scenario.toolOk("{\"content\": \"Goal: two\"}"));
    Output.RequestHook after = scenario.outputs(Output.RequestHook.class).getFirst();

    assertThat(after.call().callId()).isEqualTo("after_create_message");
    assertThat(JSON.readTree(after.call().argumentsJson()).path("content").asText())
        .isEqualTo("Goal: two");

    scenario.when(scenario.toolFailed("unknown_tool: no function 'count'"));

    assertThat(scenario.event(HookFailed.class).hook()).isEqualTo("after_create_message");
    assertThat(scenario.events(MessageAppended.class).getFirst().message().content())
        .isEqualTo("Goal: two");
    scenario.thenRequestsModel();
  }

  @Test
  void aHookThatNeverAnswersLeavesTheContinuationAsMade() {
    compacting(Map.of("before_create_message", "redact"));
    scenario.given(scenario.reply("Goal: one"));
    for (int attempt = 1; attempt < MachineConfig.defaults().maxAttempts(); attempt++) {
      scenario.when(scenario.deadlinePassed());
    }

    scenario.when(scenario.deadlinePassed());

    assertThat(scenario.event(HookFailed.class).message()).contains("no answer");
    assertThat(scenario.events(MessageAppended.class).getFirst().message().content())
        .endsWith("Goal: one");
    scenario.thenRequestsModel();
  }

  @Test
  void anAbortWhileACompactCommandsContinuationIsHookedLeavesTheThreadIdleUncompacted() {
    scenario.given(
        scenario.create(tiny(Map.of("before_create_message", "redact"))), scenario.message("one"));
    answerTheMessagesHooks();
    scenario.given(scenario.reply("answer one"));
    long start = scenario.state.contextStartSeq();
    scenario.given(
        new Input.Compact(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), null),
        scenario.reply("Goal: one"));
    assertThat(scenario.state.awaiting()).isInstanceOf(Awaiting.Hook.class);

    scenario.when(scenario.abort());

    scenario.thenStatus(Status.IDLE);
    assertThat(scenario.state.contextStartSeq()).isEqualTo(start);
    assertThat(scenario.events(CompactionCompleted.class)).isEmpty();
  }
}
