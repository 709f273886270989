package dev.threadline.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Materialized;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Constructing and cleaning a KafkaStreams instance connects to nothing: no broker needed. */
class UncleanStopTest {
  @TempDir Path stateDir;

  @Test
  void anExactlyOnceStartAfterACrashWipesTheLocalStateAndKeepsTheProcessId() throws Exception {
    Properties config = config(StreamsConfig.EXACTLY_ONCE_V2);
    Path task = taskStore(config);
    start(new UncleanStop(config), config); // a run that is then killed
    Path processFile = appDir().resolve("kafka-streams-process-metadata");
    String processId = Files.readString(processFile);

    boolean wiped = start(new UncleanStop(config), config);

    assertThat(wiped).isTrue();
    assertThat(task).doesNotExist();
    assertThat(Files.readString(processFile))
        .as("the process id names the transactional producer that fences the dead one")
        .isEqualTo(processId);
    assertThat(appDir().resolve(UncleanStop.MARKER)).exists();
  }

  @Test
  void aStartAfterACleanCloseKeepsTheLocalState() throws Exception {
    Properties config = config(StreamsConfig.EXACTLY_ONCE_V2);
    Path task = taskStore(config);
    UncleanStop first = new UncleanStop(config);
    start(first, config);
    first.closedCleanly();

    assertThat(start(new UncleanStop(config), config)).isFalse();
    assertThat(task).exists();
  }

  @Test
  void anAtLeastOnceStartAfterACrashKeepsTheLocalState() throws Exception {
    Properties config = config(StreamsConfig.AT_LEAST_ONCE);
    Path task = taskStore(config);
    start(new UncleanStop(config), config);

    assertThat(start(new UncleanStop(config), config)).isFalse();
    assertThat(task).exists();
  }

  private Properties config(String guarantee) {
    Properties config = new Properties();
    config.put(StreamsConfig.APPLICATION_ID_CONFIG, "unclean");
    config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1");
    config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, guarantee);
    return config;
  }

  private Path appDir() {
    return stateDir.resolve("unclean");
  }

  /** A task directory with a store file in it, as a run leaves it. */
  private Path taskStore(Properties config) throws Exception {
    streams(config).close();
    Path store = appDir().resolve("0_0/rocksdb/counts/000001.sst");
    Files.createDirectories(store.getParent());
    Files.writeString(store, "state");
    return store;
  }

  /** What {@code stop} does before a start; the instance is then closed, never started. */
  private static boolean start(UncleanStop stop, Properties config) {
    try (KafkaStreams streams = streams(config)) {
      return stop.beforeStart(streams);
    }
  }

  private static KafkaStreams streams(Properties config) {
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(
            "in", org.apache.kafka.streams.kstream.Consumed.with(Serdes.String(), Serdes.String()))
        .groupByKey()
        .count(Materialized.as("counts"));
    return new KafkaStreams(builder.build(), config);
  }
}
