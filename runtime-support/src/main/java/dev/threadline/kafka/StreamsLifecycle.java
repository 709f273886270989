package dev.threadline.kafka;

import dev.threadline.config.OutageBackoff;
import dev.threadline.config.SettingValues;
import dev.threadline.serde.SchemaRegistryException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How every Threadline Streams application runs, the step processor and the projector alike: each
 * state change is logged; a failed stream thread is replaced (bad records are dead-lettered before
 * they can fail one, so a failure here is an outage or a bug, worth another try) — after a growing
 * pause when the schema registry is out of reach ({@link OutageBackoff}); waiting for RUNNING or
 * for the stop follows the state listener, never a polling loop; and a planned stop leaves the
 * consumer group, so a restarted or surviving instance takes the partitions at once instead of
 * after the session timeout. A start after a crash wipes the local state first ({@link
 * UncleanStop}).
 */
public final class StreamsLifecycle implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StreamsLifecycle.class);
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

  private final KafkaStreams streams;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final OutageBackoff outages = new OutageBackoff();
  private final Object stateChanged = new Object();
  private UncleanStop uncleanStop;

  private StreamsLifecycle(KafkaStreams streams) {
    this.streams = streams;
  }

  /** Installs the state listener and the exception handler; call before {@code start()}. */
  public static StreamsLifecycle supervise(KafkaStreams streams, String name) {
    StreamsLifecycle lifecycle = new StreamsLifecycle(streams);
    streams.setStateListener(
        (next, previous) -> {
          log.info("{} state {} -> {}", name, previous, next);
          if (next == KafkaStreams.State.NOT_RUNNING || next == KafkaStreams.State.ERROR) {
            lifecycle.stopped.countDown();
          }
          synchronized (lifecycle.stateChanged) {
            lifecycle.stateChanged.notifyAll();
          }
        });
    streams.setUncaughtExceptionHandler(
        e -> {
          if (SchemaRegistryException.isOutage(e)) {
            Duration pause = lifecycle.outages.pause(System.nanoTime());
            log.warn(
                "{} stream thread stopped: the schema registry is out of reach; replacing it in {}",
                name,
                pause);
            sleep(pause);
          } else {
            log.error("{} stream thread failed; replacing it", name, e);
          }
          return StreamThreadExceptionResponse.REPLACE_THREAD;
        });
    return lifecycle;
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Starts Streams, configured with {@code config}. */
  public void start(Properties config) {
    uncleanStop = new UncleanStop(config);
    uncleanStop.beforeStart(streams);
    streams.start();
  }

  /** Waits until Streams runs (its stores are queryable). */
  public void awaitRunning(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (stateChanged) {
      while (streams.state() != KafkaStreams.State.RUNNING) {
        long left = deadline - System.nanoTime();
        if (left <= 0 || stopped.getCount() == 0) {
          throw new IllegalStateException(
              "Streams is " + streams.state() + ", not running, after " + timeout);
        }
        stateChanged.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  /** Blocks until Streams stops: closed, or failed for good. */
  public void awaitStopped() throws InterruptedException {
    stopped.await();
  }

  /** Closes Streams and leaves the group. */
  @Override
  public void close() {
    boolean closed =
        streams.close(
            CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(CLOSE_TIMEOUT));
    if (closed && uncleanStop != null && streams.state() == KafkaStreams.State.NOT_RUNNING) {
      uncleanStop.closedCleanly();
    }
  }

  /** The serde configuration of a Streams app: its settings, the registry URL required. */
  public static Map<String, Object> serdeConfig(Map<String, String> settings) {
    Map<String, Object> serde = new HashMap<>(settings);
    serde.put("schema.registry.url", SettingValues.required(settings, "schema.registry.url"));
    return serde;
  }
}
