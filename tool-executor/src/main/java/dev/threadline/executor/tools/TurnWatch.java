package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The executor's view of a thread's abort signal (spec §13.9: {@code state.execution.abortSignal}):
 * the executor is not told when a turn is aborted, so while a call runs it reads the thread's
 * summary every {@link #EVERY} and, once the turn that made the call is over — the thread no longer
 * running, or a later turn begun — tells the call's owner, once, with the reason. The call's result
 * would be dropped anyway; this stops it spending CPU, a server's work and tool calls on nobody. A
 * call shorter than {@link #EVERY} reads nothing; each read runs on a virtual thread of its own
 * (the projector's answer never holds up another call's watch), one at a time per call. After
 * {@link #close} returns the owner is never told.
 */
public final class TurnWatch implements AutoCloseable {
  public static final Duration EVERY = Duration.ofMillis(500);
  public static final String TURN_ENDED =
      "the thread's turn ended (aborted or terminated) while the call ran";
  private static final Set<String> IN_A_TURN = Set.of("running", "awaiting_approval");
  private static final ScheduledExecutorService TIMER =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().daemon().name("turn-watch").unstarted(r));

  private final ThreadState state;
  private final Consumer<String> turnOver;
  private final ScheduledFuture<?> polling;
  private final AtomicBoolean reading = new AtomicBoolean();
  private long turns = -1;
  private boolean done;

  /** Watches the turn of the call {@code state} is for; {@code turnOver} is told when it ends. */
  public TurnWatch(ThreadState state, Consumer<String> turnOver) {
    this.state = state;
    this.turnOver = turnOver;
    long every = EVERY.toMillis();
    polling = TIMER.scheduleWithFixedDelay(this::read, every, every, TimeUnit.MILLISECONDS);
  }

  private void read() {
    if (reading.compareAndSet(false, true)) {
      Thread.ofVirtual().name("turn-watch-read").start(this::check);
    }
  }

  private void check() {
    JsonNode summary;
    try {
      summary = state.thread();
    } catch (RuntimeException unreadable) {
      return; // no projector to ask (or it is away): the call's timeout still ends it
    } finally {
      reading.set(false);
    }
    String status = summary.path("status").asText("").toLowerCase(Locale.ROOT);
    long now = summary.path("turns").asLong(-1);
    synchronized (this) {
      if (done) {
        return;
      }
      if (turns < 0) {
        turns = now; // the first read is fenced at the call's own event: the calling turn's count
      }
      if (!IN_A_TURN.contains(status) || now > turns) {
        done = true;
        polling.cancel(false);
        turnOver.accept(TURN_ENDED);
      }
    }
  }

  @Override
  public synchronized void close() {
    done = true;
    polling.cancel(false);
  }
}
