package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Whatever a tenant queues or a model answers, one decision needs the same small stack: tool calls
 * and queued work are handled in a loop, not by recursion that grows with their number — a
 * StackOverflowError would fail the input.
 */
class StackDepthTest {
  @Test
  void aThousandQueuedToolsThatEndAtOnceAreWorkedThroughOnASmallStack() throws Exception {
    Scenario scenario = new Scenario();
    scenario.given(scenario.create(), scenario.message("busy"));
    for (int i = 0; i < 1_000; i++) {
      scenario.given(scenario.queueTool("nope", "{}"));
    }
    assertThat(scenario.state.queue()).hasSize(1_000);

    Throwable failure = StackDepth.onASmallStack(() -> scenario.when(scenario.reply("done")));

    assertThat(failure).isNull();
    assertThat(scenario.state.queue()).isEmpty();
    assertThat(scenario.events(Event.ToolCallCompleted.class)).hasSize(1_000);
    assertThat(scenario.state.awaiting()).as("the turn goes on to a model call").isNotNull();
  }
}
