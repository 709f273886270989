package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.EffectFired;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.StepRetried;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.TurnStarted;
import dev.threadline.testkit.ScratchDirs;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

/**
 * Time-based work and stored values survive a restart of the step processor: a scheduled effect (a
 * logged timer store) fires exactly once, a request's deadline (an in-memory index rebuilt from
 * thread-state when the task initializes) still re-issues the request, and a thread's key-value
 * store comes back from its changelog.
 */
class RestartIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  @Test
  void aTimerScheduledBeforeARestartFiresExactlyOnceAfterIt() throws Exception {
    StepApp app = new StepApp("timer-it", 2, Map.of());
    Topics topics = app.topics;
    try (var probe = new ClusterProbe(cluster.bootstrapServers(), topics);
        var producer = producer()) {
      registerHelper(producer, topics);

      KafkaStreams first = app.start();
      send(producer, topics, Fixtures.create("tm-create", "t-timer", "helper"));
      // Commands carry milliseconds (timestamp-millis): the schedule the step processor knows.
      Instant fireAt = Instant.now().plusSeconds(8).truncatedTo(ChronoUnit.MILLIS);
      send(
          producer,
          topics,
          Fixtures.command(
              "tm-fx",
              "t-timer",
              new ScheduleEffect(
                  "fx-restart",
                  fireAt,
                  new QueueMessage(Fixtures.userMessage("after the restart")),
                  null)));
      probe.awaitEvent(
          "t-timer", e -> e.getPayload() instanceof dev.threadline.avro.EffectScheduled);
      stop(first);

      KafkaStreams second = app.start();
      try {
        probe.awaitEvent("t-timer", e -> e.getPayload() instanceof EffectFired);
        Thread.sleep(3_000); // long enough for a second firing, if there were one
        assertThat(probe.events("t-timer"))
            .filteredOn(e -> e.getPayload() instanceof EffectFired)
            .hasSize(1);
        assertThat(probe.events("t-timer"))
            .filteredOn(
                e -> e.getPayload() instanceof TurnStarted t && t.getTrigger().equals("effect"))
            .hasSize(1);
        assertThat(
                probe.events("t-timer").stream()
                    .filter(e -> e.getPayload() instanceof EffectFired)
                    .findFirst()
                    .orElseThrow()
                    .getTimestamp())
            .isAfterOrEqualTo(fireAt);
      } finally {
        second.close(Duration.ofSeconds(10));
      }
    }
  }

  @Test
  void aRequestDeadlineSetBeforeARestartStillReissuesTheRequestAfterIt() throws Exception {
    StepApp app = new StepApp("deadline-it", 2, Map.of("threadline.step.model.timeout.ms", "4000"));
    Topics topics = app.topics;
    try (var probe = new ClusterProbe(cluster.bootstrapServers(), topics);
        var producer = producer()) {
      registerHelper(producer, topics);

      KafkaStreams first = app.start();
      send(producer, topics, Fixtures.create("dl-create", "t-deadline", "helper"));
      send(producer, topics, Fixtures.message("dl-msg", "t-deadline", "nobody answers this"));
      ModelRequest asked =
          probe.awaitModelRequest(r -> r.getThreadId().equals("t-deadline") && r.getAttempt() == 1);
      stop(first);
      // A new instance on an empty state directory restores thread-state from its changelog; the
      // deadline index exists only in memory and must come back from that state.
      app.settings.put(
          "threadline.step.state.dir", ScratchDirs.create("deadline-it-fresh-").toString());

      KafkaStreams second = app.start();
      try {
        ModelRequest again =
            probe.awaitModelRequest(
                r -> r.getThreadId().equals("t-deadline") && r.getAttempt() == 2);
        assertThat(again.getRequestId()).isEqualTo(asked.getRequestId());
        assertThat(again.getIssuedAt()).isAfterOrEqualTo(asked.getDeadline());
        probe.awaitEvent("t-deadline", e -> e.getPayload() instanceof StepRetried);
      } finally {
        second.close(Duration.ofSeconds(10));
      }
    }
  }

  /** Spec §14: values survive a restart, here on an empty state directory (the changelog). */
  @Test
  void aValueSetBeforeARestartIsReadAfterIt() throws Exception {
    StepApp app = new StepApp("kv-it", 2, Map.of());
    Topics topics = app.topics;
    try (var probe = new ClusterProbe(cluster.bootstrapServers(), topics);
        var producer = producer()) {
      registerHelper(producer, topics);

      KafkaStreams first = app.start();
      send(producer, topics, Fixtures.create("kv-create", "t-kv", "helper"));
      send(producer, topics, Fixtures.message("kv-msg", "t-kv", "remember"));
      ModelRequest asked = probe.awaitModelRequest(r -> r.getThreadId().equals("t-kv"));
      answer(
          producer,
          topics,
          asked,
          Fixtures.call("k1", "set_value", "{\"key\":\"color\",\"value\":\"teal\"}"));
      ModelRequest afterSet =
          probe.awaitModelRequest(r -> r.getThreadId().equals("t-kv") && r.getStep() == 2);
      stop(first);
      app.settings.put("threadline.step.state.dir", ScratchDirs.create("kv-it-fresh-").toString());

      KafkaStreams second = app.start();
      try {
        answer(producer, topics, afterSet, Fixtures.call("k2", "get_value", "{\"key\":\"color\"}"));
        ModelRequest afterGet =
            probe.awaitModelRequest(r -> r.getThreadId().equals("t-kv") && r.getStep() == 3);
        assertThat(afterGet.getMessages().getLast().getContent()).isEqualTo("\"teal\"");
      } finally {
        second.close(Duration.ofSeconds(10));
      }
    }
  }

  private static void answer(
      KafkaProducer<byte[], byte[]> producer,
      Topics topics,
      ModelRequest request,
      dev.threadline.avro.ToolCall call)
      throws Exception {
    var result =
        Fixtures.reply(
            request.getThreadId(), request.getRequestId(), request.getEpoch(), null, call);
    producer
        .send(
            new ProducerRecord<>(
                topics.modelResults().name(),
                request.getThreadId().getBytes(StandardCharsets.UTF_8),
                topics.modelResults().serialize(result)))
        .get();
  }

  private static KafkaProducer<byte[], byte[]> producer() {
    return cluster.rawProducer();
  }

  private static void registerHelper(KafkaProducer<byte[], byte[]> producer, Topics topics)
      throws Exception {
    producer
        .send(
            new ProducerRecord<>(
                topics.agentDefinitions().name(),
                "acme/helper".getBytes(StandardCharsets.UTF_8),
                topics.agentDefinitions().serialize(Fixtures.agent("helper", 20))))
        .get();
  }

  private static void stop(KafkaStreams streams) {
    streams.close(
        CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
            .withTimeout(Duration.ofSeconds(10)));
  }

  private static void send(KafkaProducer<byte[], byte[]> producer, Topics topics, ThreadCommand c)
      throws Exception {
    producer
        .send(
            new ProducerRecord<>(
                topics.threadCommands().name(),
                c.getThreadId().getBytes(StandardCharsets.UTF_8),
                topics.threadCommands().serialize(c)))
        .get();
  }
}
