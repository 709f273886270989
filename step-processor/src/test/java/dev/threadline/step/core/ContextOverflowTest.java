package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.ModelErrors;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.CompactionStarted;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.ModelCallFailed;
import dev.threadline.step.core.Event.TurnCompleted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's overflow recovery: a provider that answers the step's call with "the context is too
 * long" — whatever the runtime's own token estimate said — gets a compacted window and the call
 * again, once; a window with nothing left to compact ends the turn {@code context_full}.
 */
class ContextOverflowTest {
  private final Scenario scenario = new Scenario();

  private Input.ModelResultReceived tooLong() {
    return new Input.ModelResultReceived(
        Scenario.PENDING,
        Scenario.CURRENT_EPOCH,
        scenario.tick(),
        new Input.ModelFailure(
            ModelErrors.CONTEXT_TOO_LONG, "This model's maximum context length is 8192", false),
        List.of());
  }

  /** A turn that called a tool: its next call carries the message, the call and the result. */
  private void givenAStepWithHistory() {
    scenario.given(
        scenario.create(TestAgents.named("agent", null, "help")),
        scenario.message("go"),
        scenario.calls("echo", "{}"),
        scenario.toolOk("a long result"));
  }

  @Test
  void aContextTheProviderFindsTooLongIsCompactedAndTheCallMadeAgain() {
    givenAStepWithHistory();

    scenario.when(tooLong());

    assertThat(scenario.event(ModelCallFailed.class).willRetry()).isTrue();
    assertThat(scenario.event(CompactionStarted.class).trigger())
        .isEqualTo(CompactionTrigger.OVERFLOW);
    scenario.thenRequestsNoModel();

    scenario.when(scenario.reply("Goal: go\nNext steps: answer"));

    MessageAppended artifact = scenario.events(MessageAppended.class).getFirst();
    assertThat(scenario.thenRequestsModel().contextFromSeq()).isEqualTo(artifact.messageSeq());

    scenario.when(scenario.reply("done"));

    assertThat(scenario.event(TurnCompleted.class).reason()).isEqualTo(TurnEnd.RESPONSE);
  }

  @Test
  void aSecondOverflowRightAfterTheCompactionEndsTheTurnContextFull() {
    givenAStepWithHistory();
    scenario.given(tooLong(), scenario.reply("Goal: go"));

    scenario.when(tooLong());

    assertThat(scenario.events(CompactionStarted.class)).as("compacted once only").isEmpty();
    assertThat(scenario.event(ModelCallFailed.class).willRetry()).isFalse();
    assertThat(scenario.event(TurnCompleted.class).reason()).isEqualTo(TurnEnd.CONTEXT_FULL);
  }

  @Test
  void anOverflowWithNothingToCompactEndsTheTurnContextFull() {
    scenario.given(scenario.create(TestAgents.named("agent", null, "help")));
    scenario.given(scenario.message("x".repeat(2_000)));

    scenario.when(tooLong());

    assertThat(scenario.events(CompactionStarted.class)).isEmpty();
    assertThat(scenario.event(TurnCompleted.class).reason()).isEqualTo(TurnEnd.CONTEXT_FULL);
  }
}
