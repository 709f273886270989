package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.model.ScriptedProvider;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.testkit.Await;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import io.opentelemetry.api.OpenTelemetry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * Turning speculation on or off is a restart of the executor with the other setting. With it on, a
 * second consumer group (the side-effect-free one, which also reads the model requests in either
 * mode) reads the tool requests as they are sent and serves those of tools free of side effects; it
 * must start where the requests stop being served, not from the topic's start nor from where it
 * stopped the last time speculation was on: each request it reads again would run its tool again
 * (after a restart nothing remembers the answer) and send the thread a result it no longer waits
 * for.
 */
@SuppressWarnings("try") // each executor runs for its block, and is closed (stopped) after it
class SpeculationSwitchIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  private final List<String> ran = new CopyOnWriteArrayList<>();

  @Test
  void speculationTurnedOnForTheFirstTimeRunsNoRequestTheExecutorAlreadyServed() throws Exception {
    Topics topics = ProvisionedTopics.on(cluster, "switch-first-it.", 2);
    String group = "switch-first-it-executor";
    try (ResultReader reader = new ResultReader(cluster.bootstrapServers(), topics, group + "-r");
        KafkaProducer<byte[], byte[]> decisions = producer()) {
      try (Executor off = executor(topics, group, false)) {
        serve(decisions, topics, reader, "before/1", "before/2", "before/3");
      }
      try (Executor on = executor(topics, group, true)) {
        serve(decisions, topics, reader, "after/1");
      }
    }
    assertThat(ran)
        .as("each request ran once")
        .containsExactlyInAnyOrder("before/1", "before/2", "before/3", "after/1");
  }

  @Test
  void speculationTurnedOffAndOnAgainRunsNoRequestServedWhileItWasOff() throws Exception {
    Topics topics = ProvisionedTopics.on(cluster, "switch-again-it.", 2);
    String group = "switch-again-it-executor";
    try (ResultReader reader = new ResultReader(cluster.bootstrapServers(), topics, group + "-r");
        KafkaProducer<byte[], byte[]> decisions = producer()) {
      try (Executor on = executor(topics, group, true)) {
        serve(decisions, topics, reader, "on/1");
      }
      try (Executor off = executor(topics, group, false)) {
        serve(decisions, topics, reader, "off/1", "off/2", "off/3");
      }
      try (Executor onAgain = executor(topics, group, true)) {
        serve(decisions, topics, reader, "on-again/1");
      }
      assertThat(reader.toolResults.stream().map(r -> r.getRequestId()))
          .as("one answer each")
          .containsExactlyInAnyOrder("on/1", "off/1", "off/2", "off/3", "on-again/1");
    }
    assertThat(ran)
        .as("each request ran once")
        .containsExactlyInAnyOrder("on/1", "off/1", "off/2", "off/3", "on-again/1");
  }

  @Test
  void modelRequestsAnOlderExecutorServedInTheExecutorGroupAreNotServedAgain() throws Exception {
    Topics topics = ProvisionedTopics.on(cluster, "switch-models-it.", 2);
    String group = "switch-models-it-executor";
    String lane = topics.modelRequests(ThreadGroup.TASK).name();
    try (ResultReader reader = new ResultReader(cluster.bootstrapServers(), topics, group + "-r");
        KafkaProducer<byte[], byte[]> decisions = producer()) {
      sendModel(decisions, topics, "old/1");
      sendModel(decisions, topics, "old/2");
      // What an executor before the side-effect-free group left behind: the model lanes read in
      // the executor group, their offsets committed after the requests were served.
      commitEnd(group, lane);
      try (Executor on = executor(topics, group, true)) {
        sendModel(decisions, topics, "new/1");
        await(
            () -> reader.modelResults.stream().anyMatch(r -> r.getRequestId().equals("new/1")),
            "the answer to new/1");
      }
      assertThat(reader.modelResults.stream().map(r -> r.getRequestId()))
          .as("the requests served before were not called again")
          .containsExactly("new/1");
    }
  }

  @Test
  void resultsSayWhetherTheExecutorReadTheirRequestBeforeItsCommit() throws Exception {
    // The step processor asks for no early commit for requests of a kind read before theirs.
    Topics topics = ProvisionedTopics.on(cluster, "switch-read-early-it.", 2);
    String group = "switch-read-early-it-executor";
    try (ResultReader reader = new ResultReader(cluster.bootstrapServers(), topics, group + "-r");
        KafkaProducer<byte[], byte[]> decisions = producer()) {
      try (Executor on = executor(topics, group, true)) {
        serve(decisions, topics, reader, "early/tool");
        sendModel(decisions, topics, "early/model");
        await(() -> reader.modelResults.size() == 1, "the answer to early/model");
      }
      try (Executor off = executor(topics, group, false)) {
        serve(decisions, topics, reader, "committed/tool");
        sendModel(decisions, topics, "committed/model");
        await(() -> reader.modelResults.size() == 2, "the answer to committed/model");
      }
      Map<String, Boolean> early = new HashMap<>();
      reader.toolResults.forEach(r -> early.put(r.getRequestId(), r.getReadBeforeCommit()));
      reader.modelResults.forEach(r -> early.put(r.getRequestId(), r.getReadBeforeCommit()));
      assertThat(early)
          .containsExactlyInAnyOrderEntriesOf(
              Map.of(
                  "early/tool", true,
                  "early/model", true,
                  "committed/tool", false,
                  "committed/model", false));
    }
  }

  private static void sendModel(KafkaProducer<byte[], byte[]> decisions, Topics topics, String id)
      throws Exception {
    var request =
        Requests.model(
            "t-models",
            "scripted",
            "{\"script\":[{\"text\":\"ok\"}]}",
            1,
            Instant.now().plusSeconds(60));
    request.setRequestId(id);
    var topic = topics.modelRequests(request.getGroup());
    decisions
        .send(
            new ProducerRecord<>(
                topic.name(),
                request.getThreadId().getBytes(StandardCharsets.UTF_8),
                topic.serialize(request)))
        .get();
  }

  /** Commits, in {@code group}, every partition of {@code topic} at its end. */
  private static void commitEnd(String group, String topic) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                cluster.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                group),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToEnd(partitions);
      Map<TopicPartition, OffsetAndMetadata> ends = new HashMap<>();
      partitions.forEach(tp -> ends.put(tp, new OffsetAndMetadata(consumer.position(tp))));
      consumer.commitSync(ends);
    }
  }

  /**
   * Sends each request committed, all of one thread (so an executor runs them, and any it reads
   * again, in the order sent), and waits until the executor has answered all of them.
   */
  private void serve(
      KafkaProducer<byte[], byte[]> decisions, Topics topics, ResultReader reader, String... ids)
      throws Exception {
    for (String id : ids) {
      var request = Requests.tool("t-switch", "lookup", "{}", Instant.now().plusSeconds(60));
      request.setRequestId(id);
      decisions
          .send(
              new ProducerRecord<>(
                  topics.toolRequests(ThreadGroup.CHAT).name(),
                  request.getThreadId().getBytes(StandardCharsets.UTF_8),
                  topics.toolRequests(ThreadGroup.CHAT).serialize(request)))
          .get();
    }
    for (String id : ids) {
      await(
          () -> reader.toolResults.stream().anyMatch(r -> r.getRequestId().equals(id)),
          "the answer to " + id);
    }
  }

  private Executor executor(Topics topics, String group, boolean speculate) {
    ExecutorSettings settings =
        ExecutorSettings.from(
            Map.of(
                "threadline.executor.group.id",
                group,
                "threadline.executor.speculate",
                String.valueOf(speculate)),
            Map.of());
    return new Executor(
            Map.of("bootstrap.servers", cluster.bootstrapServers()),
            topics,
            settings,
            new ModelProviders(List.of(new ScriptedProvider())),
            new ToolRegistry(List.of(new CountingLookup())),
            Clock.systemUTC(),
            OpenTelemetry.noop())
        .start();
  }

  /** A tool free of side effects that counts its runs by request id. */
  private final class CountingLookup implements Tool {
    @Override
    public String name() {
      return "lookup";
    }

    @Override
    public String description() {
      return "looks something up";
    }

    @Override
    public JsonNode parametersSchema() {
      return new com.fasterxml.jackson.databind.ObjectMapper()
          .createObjectNode()
          .put("type", "object");
    }

    @Override
    public boolean readOnly() {
      return true;
    }

    @Override
    public String call(ToolContext context, JsonNode arguments) {
      ran.add(context.requestId());
      return "found";
    }
  }

  private static KafkaProducer<byte[], byte[]> producer() {
    return new KafkaProducer<>(
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
        new ByteArraySerializer(),
        new ByteArraySerializer());
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    Await.until(condition, what, Duration.ofSeconds(60));
  }
}
