package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.ThreadDeleted;
import dev.threadline.step.core.Event.ThreadTerminated;
import org.junit.jupiter.api.Test;

/**
 * Deleting a thread: it is terminated if it was not, every child its registry names is deleted,
 * what it holds is erased, and its state stays as a tombstone that takes no more input.
 */
class DeletionTest extends SubagentScenario {
  private Input.DeleteThread delete() {
    return new Input.DeleteThread(
        scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), "the user asked");
  }

  @Test
  void aRunningThreadIsTerminatedItsChildrenDeletedAndWhatItHoldsErased() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));
    scenario.given(scenario.message("queued while running"));

    scenario.when(delete());

    assertThat(scenario.events().getLast()).isEqualTo(new ThreadDeleted("the user asked"));
    assertThat(scenario.events(ThreadTerminated.class)).hasSize(1);
    assertThat(scenario.outputs(Output.TerminateChild.class)).hasSize(1);
    assertThat(scenario.outputs(Output.DeleteChild.class))
        .containsExactly(new Output.DeleteChild("t-1/research-1.1.0", "parent deleted"));
    assertThat(scenario.outputs(Output.EraseThread.class)).hasSize(1);
    assertThat(scenario.state.deletedAt()).isEqualTo(scenario.now());
    assertThat(scenario.state.status()).isEqualTo(Status.TERMINATED);
    assertThat(scenario.state.queue()).isEmpty();
    assertThat(scenario.state.children().entries()).isEmpty();
  }

  @Test
  void aDeletedThreadTakesNoMoreInputAndWritesNothingToItsLog() {
    givenParentRunning();
    scenario.given(delete());

    scenario.when(scenario.message("anyone there?"));
    scenario.thenRejected("thread deleted");
    assertThat(scenario.last.outputs(Output.Emit.class))
        .allSatisfy(e -> assertThat(e.event().seq()).isZero());

    scenario.when(new Input.DeadlinePassed("t-1/t1/s1/model", scenario.tick()));
    assertThat(scenario.last.outputs()).isEmpty();

    scenario.when(update("t-1/research-1.1.0", ChildReport.COMPLETED, "completed", "late"));
    assertThat(scenario.last.outputs()).isEmpty();

    scenario.when(scenario.create());
    scenario.thenRejected("already exists");
  }

  @Test
  void aThreadTerminatedBeforeIsDeletedWithoutBeingTerminatedAgain() {
    givenParentRunning();
    scenario.given(scenario.terminate());

    scenario.when(delete());

    assertThat(scenario.events(ThreadTerminated.class)).isEmpty();
    assertThat(scenario.events()).containsExactly(new ThreadDeleted("the user asked"));
  }
}
