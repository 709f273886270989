package dev.threadline.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wipes an exactly-once Streams application's local state before it starts, when its last run did
 * not stop cleanly — a marker file, written at each start and deleted after a clean close, says so.
 * Under exactly-once, stores left by a crash may hold writes of a transaction that was then
 * aborted, so Kafka Streams finds every such task corrupted, and wipes and restores it from its
 * changelog anyway; but only after opening each task's stores at start-up and again once the task
 * is assigned (about half a second per task on a busy machine), which delays a restarted instance's
 * return by seconds. Wiping first ({@link KafkaStreams#cleanUp()}) gives the same state without
 * those openings. At-least-once applications keep their state across a crash, so they are left
 * alone.
 */
final class UncleanStop {
  static final String MARKER = "threadline-running";
  private static final Logger log = LoggerFactory.getLogger(UncleanStop.class);

  private final Path marker;
  private final boolean exactlyOnce;

  UncleanStop(Properties config) {
    StreamsConfig streams = new StreamsConfig(config);
    this.marker =
        Path.of(
            streams.getString(StreamsConfig.STATE_DIR_CONFIG),
            streams.getString(StreamsConfig.APPLICATION_ID_CONFIG),
            MARKER);
    this.exactlyOnce =
        !StreamsConfig.AT_LEAST_ONCE.equals(
            streams.getString(StreamsConfig.PROCESSING_GUARANTEE_CONFIG));
  }

  /**
   * Call before {@code streams.start()}: wipes the local state if the last run crashed, and marks
   * this one as running. Returns whether it wiped.
   */
  boolean beforeStart(KafkaStreams streams) {
    if (!exactlyOnce) {
      return false;
    }
    boolean crashed = Files.exists(marker);
    if (crashed) {
      log.info(
          "the last run did not stop cleanly: its local state is restored from the changelogs"
              + " (exactly-once keeps nothing a crash left)");
      streams.cleanUp();
    }
    try {
      Files.createDirectories(marker.getParent());
      Files.writeString(marker, "");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + marker, e);
    }
    return crashed;
  }

  /** Call once Streams closed cleanly: its stores are consistent with its committed offsets. */
  void closedCleanly() {
    try {
      Files.deleteIfExists(marker);
    } catch (IOException e) {
      log.warn("cannot delete {}: the next start will restore its state", marker, e);
    }
  }
}
