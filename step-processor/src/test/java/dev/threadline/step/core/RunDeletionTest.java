package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.RunDeleted;
import org.junit.jupiter.api.Test;

/**
 * A run deleted from outside (LangGraph's {@code runs.delete}): the machine keeps no runs — the
 * projector does — so it records the deletion for readers, on a finished thread too.
 */
class RunDeletionTest {
  private final Scenario scenario = new Scenario();

  private Input.DeleteRun delete(String runId) {
    return new Input.DeleteRun(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), runId);
  }

  @Test
  void aDeletedRunIsRecordedForReaders() {
    scenario.given(scenario.create());

    Input.DeleteRun delete = delete("run-1");
    scenario.when(delete);

    assertThat(scenario.events()).containsExactly(new RunDeleted("run-1", delete.commandId()));
  }

  @Test
  void aFinishedThreadsRunIsDeletedToo() {
    scenario.given(scenario.create(), scenario.terminate());

    scenario.when(delete("run-1"));

    assertThat(scenario.events(RunDeleted.class)).hasSize(1);
    scenario.thenStatus(Status.TERMINATED);
  }

  @Test
  void aBlankRunIdIsRefused() {
    scenario.given(scenario.create());

    scenario.when(delete(" "));

    scenario.thenRejected("a run id");
  }
}
