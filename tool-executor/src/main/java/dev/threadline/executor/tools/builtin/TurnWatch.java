package dev.threadline.executor.tools.builtin;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.executor.code.CodeExecution;
import dev.threadline.executor.tools.ThreadState;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The executor's view of a thread's abort signal (spec §13.9: terminate when {@code
 * state.execution.abortSignal} fires): the executor is not told when a turn is aborted, so while
 * code runs it reads the thread's summary every {@link #EVERY}, and terminates the code once the
 * turn that called it is over — the thread no longer running, or a later turn begun. Its result
 * would be ignored anyway; this stops it spending CPU and tool calls on nobody.
 */
final class TurnWatch implements AutoCloseable {
  static final Duration EVERY = Duration.ofMillis(500);
  private static final Set<String> IN_A_TURN = Set.of("running", "awaiting_approval");
  private static final ScheduledExecutorService TIMER =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().daemon().name("run-code-turn-watch").unstarted(r));

  private final ScheduledFuture<?> polling;
  private long turns = -1;

  TurnWatch(ThreadState state, CodeExecution execution) {
    polling =
        TIMER.scheduleWithFixedDelay(
            () -> check(state, execution), 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void check(ThreadState state, CodeExecution execution) {
    JsonNode summary;
    try {
      summary = state.thread();
    } catch (RuntimeException unreadable) {
      return; // no projector to ask (or it is away): the tool's timeout still ends the code
    }
    String status = summary.path("status").asText("").toLowerCase(java.util.Locale.ROOT);
    long now = summary.path("turns").asLong(-1);
    if (turns < 0) {
      turns = now; // the first read is fenced at the call's own event: the calling turn's count
    }
    if (!IN_A_TURN.contains(status) || now > turns) {
      execution.terminate("the thread's turn ended (aborted or terminated) while the code ran");
    }
  }

  @Override
  public void close() {
    polling.cancel(false);
  }
}
