package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadGroup;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.model.ScriptedProvider;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.Tools;
import dev.threadline.executor.tools.builtin.EchoTool;
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
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * Requests the step processor sent in a transaction that then aborted (a decision that never
 * committed): a speculating executor may answer the model's and those of tools free of side effects
 * — running them changes nothing — but never runs another tool's, whatever the client settings say;
 * and a committed request of a tool free of side effects is answered once, not by both lanes.
 */
class AbortedRequestsIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();

  private static final Map<String, String> AUDITED = Map.of("filter_messages", "audit");

  private final List<String> ran = new CopyOnWriteArrayList<>();

  @Test
  void aToolRequestOfAnAbortedDecisionNeverRunsEvenWhenClientsReadUncommitted() throws Exception {
    Topics topics = ProvisionedTopics.on(cluster, "aborted-it.", 1);
    Map<String, Object> connection = new HashMap<>();
    connection.put("bootstrap.servers", cluster.bootstrapServers());
    // A setting every client of the service gets: the tool lane must not take it.
    connection.put("isolation.level", "read_uncommitted");
    Executor executor =
        speculating(
            connection,
            topics,
            "aborted-it-executor",
            new EchoTool(),
            Tools.of(
                "tally",
                "counts its runs",
                (context, args) -> {
                  ran.add(context.requestId());
                  return "ok";
                }));
    try (ResultReader reader =
            new ResultReader(cluster.bootstrapServers(), topics, "aborted-it-reader");
        KafkaProducer<byte[], byte[]> decisions = transactional()) {
      decisions.initTransactions();
      decisions.beginTransaction();
      decisions.send(tool(topics, "t-1", "aborted/tool"));
      decisions.send(model(topics, "t-2", "aborted/model"));
      decisions.send(tool(topics, "t-3", "aborted/echo", "echo"));
      decisions.flush();
      // The speculative lanes read the requests before anything commits: they answer them.
      await(() -> !reader.modelResults.isEmpty(), "the speculative model call's answer");
      await(() -> answers(reader, "aborted/echo") == 1, "the speculative echo's answer");
      decisions.abortTransaction();

      decisions.beginTransaction();
      decisions.send(tool(topics, "t-3", "committed/echo", "echo"));
      decisions.send(tool(topics, "t-1", "committed/tool"));
      decisions.commitTransaction();
      await(() -> ran.contains("committed/tool"), "the committed tool request to run");
      await(() -> answers(reader, "committed/echo") > 0, "the committed echo's answer");

      assertThat(ran).containsExactly("committed/tool");
      assertThat(answers(reader, "committed/echo")).as("answered by one lane").isEqualTo(1);
    } finally {
      executor.close();
    }
  }

  @Test
  void aModelRequestNamingAHookWithSideEffectsWaitsForItsDecisionAndNeverRunsForAnAbortedOne()
      throws Exception {
    Topics topics = ProvisionedTopics.on(cluster, "aborted-hooks-it.", 1);
    Map<String, Object> connection = Map.of("bootstrap.servers", cluster.bootstrapServers());
    // A history hook with effects outside its thread (it could post to a webhook).
    Executor executor =
        speculating(
            connection,
            topics,
            "aborted-hooks-it-executor",
            Tools.of(
                "audit",
                "records each model call's history elsewhere",
                (context, args) -> {
                  ran.add(context.threadId());
                  return "{}";
                }));
    try (ResultReader reader =
            new ResultReader(cluster.bootstrapServers(), topics, "aborted-hooks-it-reader");
        KafkaProducer<byte[], byte[]> decisions = transactional()) {
      decisions.initTransactions();
      decisions.beginTransaction();
      decisions.send(model(topics, "t-4", "aborted/hooked", AUDITED));
      decisions.send(model(topics, "t-5", "aborted/plain"));
      decisions.flush();
      await(() -> modelAnswers(reader, "aborted/plain") == 1, "the plain request's answer");
      assertThat(ran).as("the hooked request waits for its decision").isEmpty();
      decisions.abortTransaction();

      decisions.beginTransaction();
      decisions.send(model(topics, "t-4", "committed/hooked", AUDITED));
      decisions.commitTransaction();
      await(() -> modelAnswers(reader, "committed/hooked") == 1, "the committed one's answer");

      assertThat(ran).as("the hook ran for the committed request only").containsExactly("t-4");
      assertThat(modelAnswers(reader, "aborted/hooked")).isZero();
      assertThat(
              reader.modelResults.stream()
                  .filter(r -> r.getRequestId().equals("committed/hooked"))
                  .findFirst()
                  .orElseThrow()
                  .getReadBeforeCommit())
          .as("served once its decision committed")
          .isFalse();
    } finally {
      executor.close();
    }
  }

  private static long modelAnswers(ResultReader reader, String requestId) {
    return reader.modelResults.stream().filter(r -> r.getRequestId().equals(requestId)).count();
  }

  /** An executor of {@code group} with speculation on, the scripted model and {@code tools}. */
  private static Executor speculating(
      Map<String, Object> connection,
      Topics topics,
      String group,
      dev.threadline.executor.tools.Tool... tools) {
    ExecutorSettings settings =
        ExecutorSettings.from(
            Map.of("threadline.executor.group.id", group, "threadline.executor.speculate", "true"),
            Map.of());
    return new Executor(
            connection,
            topics,
            settings,
            new ModelProviders(List.of(new ScriptedProvider())),
            new ToolRegistry(List.of(tools)),
            Clock.systemUTC(),
            OpenTelemetry.noop())
        .start();
  }

  private static KafkaProducer<byte[], byte[]> transactional() {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            cluster.bootstrapServers(),
            ProducerConfig.TRANSACTIONAL_ID_CONFIG,
            "aborted-it-decisions"),
        new ByteArraySerializer(),
        new ByteArraySerializer());
  }

  private static long answers(ResultReader reader, String requestId) {
    return reader.toolResults.stream().filter(r -> r.getRequestId().equals(requestId)).count();
  }

  private static ProducerRecord<byte[], byte[]> tool(
      Topics topics, String threadId, String requestId) {
    return tool(topics, threadId, requestId, "tally");
  }

  private static ProducerRecord<byte[], byte[]> tool(
      Topics topics, String threadId, String requestId, String name) {
    var request = Requests.tool(threadId, name, "{}", Instant.now().plusSeconds(60));
    request.setRequestId(requestId);
    return record(
        topics.toolRequests(ThreadGroup.CHAT).name(),
        threadId,
        topics.toolRequests(ThreadGroup.CHAT).serialize(request));
  }

  private static ProducerRecord<byte[], byte[]> model(
      Topics topics, String threadId, String requestId) {
    return model(topics, threadId, requestId, Map.of());
  }

  /** A model request whose agent names {@code hooks}. */
  private static ProducerRecord<byte[], byte[]> model(
      Topics topics, String threadId, String requestId, Map<String, String> hooks) {
    var request =
        Requests.model(
            threadId,
            "scripted",
            "{\"provider\":\"scripted\",\"script\":[{\"text\":\"hi\"}]}",
            1,
            Instant.now().plusSeconds(60));
    request.setRequestId(requestId);
    request.setHooks(hooks);
    var topic = topics.modelRequests(ThreadGroup.TASK);
    return record(topic.name(), threadId, topic.serialize(request));
  }

  private static ProducerRecord<byte[], byte[]> record(String topic, String key, byte[] value) {
    return new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8), value);
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    Await.until(condition, what, Duration.ofSeconds(60));
  }
}
