package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.executor.consume.FatalErrors;
import dev.threadline.executor.model.DeltaSink;
import dev.threadline.executor.model.ModelOutcome;
import dev.threadline.executor.model.ModelProvider;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What no tenant can do to an executor, on a real broker: hold a lane past a request's time, take a
 * whole lane, have a result too large to publish, or make a failure of the executor leave a request
 * unanswered.
 */
class ExecutorLimitsIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private static Topics topics;
  private static KafkaProducer<byte[], byte[]> producer;
  private static Executor executor;
  private static ResultReader reader;

  /** Configurable per request: {"sleepMs": n, "textBytes": n, "nothing": true}. */
  static final ModelProvider TEST =
      new ModelProvider() {
        public String name() {
          return "test";
        }

        public ModelOutcome complete(ModelRequest request, DeltaSink deltas) {
          var config = request.getModel().getConfigJson();
          if (config.contains("\"oom\"")) {
            throw new OutOfMemoryError("simulated: Java heap space");
          }
          if (config.contains("\"nothing\"")) {
            // A broken provider: a reply without usage cannot be written as a result.
            return new ModelOutcome.Reply("x", List.of(), null, "stop", "test");
          }
          long sleep = number(config, "sleepMs");
          if (sleep > 0) {
            try {
              Thread.sleep(sleep);
            } catch (InterruptedException e) {
              return new ModelOutcome.Failure("interrupted", "cancelled", true);
            }
          }
          String text =
              config.contains("\"replyJson\"")
                  ? "{\"n\": 1}"
                  : "x".repeat((int) Math.max(2, number(config, "textBytes")));
          return new ModelOutcome.Reply(
              text, List.of(), new dev.threadline.avro.Usage(1L, 1L, 0L, 0L), "stop", "test");
        }
      };

  static long number(String json, String field) {
    int at = json.indexOf("\"" + field + "\":");
    if (at < 0) {
      return 0;
    }
    String rest = json.substring(at + field.length() + 3).replaceAll("[^0-9].*$", "");
    return rest.isEmpty() ? 0 : Long.parseLong(rest);
  }

  /** What the ops port would serve: meters recorded on Micrometer's global registry. */
  private static final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @BeforeAll
  static void start() throws Exception {
    Metrics.addRegistry(meters);
    topics = ProvisionedTopics.on(cluster, "ex-limits.", 2);
    producer = cluster.rawProducer();
    ExecutorSettings s =
        ExecutorSettings.from(
            Map.of(
                "threadline.executor.group.id", "ex-limits-executor",
                "threadline.executor.budget.task", "2",
                "threadline.executor.tenant.share", "0.5"),
            Map.of());
    executor =
        new Executor(
                cluster.bootstrapServers(),
                topics,
                s,
                new ModelProviders(List.of(TEST)),
                new ToolRegistry(List.of(new EchoTool())),
                Clock.systemUTC())
            .start();
    reader = new ResultReader(cluster.bootstrapServers(), topics, "ex-limits-reader");
  }

  @AfterAll
  static void stop() {
    reader.close();
    executor.close();
    producer.close();
    Metrics.removeRegistry(meters);
  }

  private static void send(String threadId, String tenant, String config, Duration time) {
    Instant now = Instant.now();
    ModelRequest request = Requests.model(threadId, "test", config, 1, now.plus(time));
    request.setIssuedAt(now);
    request.setTenantId(tenant);
    var topic = topics.modelRequests(ThreadGroup.TASK);
    producer.send(
        new ProducerRecord<>(
            topic.name(), threadId.getBytes(StandardCharsets.UTF_8), topic.serialize(request)));
    producer.flush();
  }

  @Test
  void aCallStillRunningWhenItsTimeIsUpIsCancelledAndAnsweredAsATimeout() throws Exception {
    long start = System.nanoTime();
    send("slow-1", "acme", "{\"sleepMs\":60000}", Duration.ofSeconds(2));

    ModelResult result = reader.modelResult("slow-1", Duration.ofSeconds(30));

    assertThat(result.getOutcome()).isInstanceOf(ModelError.class);
    ModelError error = (ModelError) result.getOutcome();
    assertThat(error.getCode()).isEqualTo("timeout");
    assertThat(error.getRetryable()).isTrue();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
  }

  @Test
  void aReplyTooLargeForItsRecordIsAnsweredAsAFailureNamingTheLimit() throws Exception {
    send("huge-1", "acme", "{\"textBytes\":2000000}", Duration.ofSeconds(30));

    ModelResult result = reader.modelResult("huge-1", Duration.ofSeconds(30));

    ModelError error = (ModelError) result.getOutcome();
    assertThat(error.getCode()).isEqualTo("output_too_large");
    assertThat(error.getMessage()).contains("threadline.limits.model.output.bytes");
  }

  @Test
  void aReplyThatDoesNotAnswerItsJsonSchemaIsAModelErrorAndOneThatDoesIsTheReply()
      throws Exception {
    String schema =
        "\"responseFormat\": {\"type\": \"json_schema\", \"schema\": {\"type\": \"object\","
            + " \"required\": [\"n\"], \"properties\": {\"n\": {\"type\": \"integer\"}}}}";
    send("schema-1", "acme", "{" + schema + "}", Duration.ofSeconds(30));
    send("schema-2", "acme", "{\"replyJson\": true, " + schema + "}", Duration.ofSeconds(30));

    ModelError error =
        (ModelError) reader.modelResult("schema-1", Duration.ofSeconds(30)).getOutcome();
    assertThat(error.getCode()).isEqualTo("output_schema_mismatch");
    assertThat(error.getRetryable()).isFalse();
    assertThat(reader.modelResult("schema-2", Duration.ofSeconds(30)).getOutcome())
        .isInstanceOfSatisfying(
            ModelResponse.class, r -> assertThat(r.getText()).isEqualTo("{\"n\": 1}"));
  }

  @Test
  void aFailureOfTheExecutorIsTheRequestsResultAndTheLaneGoesOn() throws Exception {
    send("broken-1", "acme", "{\"nothing\":true}", Duration.ofSeconds(30));
    send("broken-2", "acme", "{}", Duration.ofSeconds(30)); // on the same lane, after it

    ModelResult first = reader.modelResult("broken-1", Duration.ofSeconds(30));

    assertThat(((ModelError) first.getOutcome()).getCode()).isEqualTo("executor_error");
    ModelResult next = reader.modelResult("broken-2", Duration.ofSeconds(30));

    assertThat(next.getOutcome()).isInstanceOf(ModelResponse.class);
  }

  @Test
  void anErrorOfTheJvmInALaneEndsTheProcessRatherThanTheLane() throws Exception {
    java.util.concurrent.BlockingQueue<String> fatal =
        new java.util.concurrent.LinkedBlockingQueue<>();
    FatalErrors.onFatal((where, error) -> fatal.add(where + ": " + error.getMessage()));
    try {
      send("oom-1", "acme", "{\"oom\":true}", Duration.ofSeconds(30));

      assertThat(fatal.poll(30, java.util.concurrent.TimeUnit.SECONDS))
          .as("what the executor would halt with")
          .contains(topics.modelRequests(ThreadGroup.TASK).name())
          .contains("simulated: Java heap space");
    } finally {
      FatalErrors.onFatal(null);
    }
  }

  @Test
  void oneTenantsBurstDoesNotTakeTheWholeLane() throws Exception {
    // A lane of 2 with a share of a half: the busy tenant has the lane to itself until another
    // tenant waits; then its calls take turns behind the other's.
    for (int i = 1; i <= 4; i++) {
      send("burst-a" + i, "busy", "{\"sleepMs\":2000}", Duration.ofSeconds(30));
    }
    Thread.sleep(300);
    send("burst-b1", "quiet", "{}", Duration.ofSeconds(30));

    ModelResult quiet = reader.modelResult("burst-b1", Duration.ofSeconds(30));
    reader.modelResult("burst-a3", Duration.ofSeconds(30));

    assertThat(quiet.getOutcome()).isInstanceOf(ModelResponse.class);
    assertThat(reader.modelResultTimes.get("burst-b1"))
        .as("the quiet tenant is answered before the busy one's third call")
        .isLessThan(reader.modelResultTimes.get("burst-a3"));
  }

  /**
   * Two consumers, each reporting its own metrics (lag among them), tagged with its name: the
   * side-effect-free one reads every model lane (and the tools free of side effects), so that idle
   * lanes send no fetches of their own, and the tools one reads the other tool requests.
   */
  @Test
  void theSideEffectFreeAndTheToolsConsumersReportTheirMetrics() {
    assertThat(meters.find("kafka.consumer.fetch.manager.records.lag.max").meters())
        .extracting(m -> m.getId().getTag("lane"))
        .containsOnly(Executor.SIDE_EFFECT_FREE, "tools")
        .contains(Executor.SIDE_EFFECT_FREE, "tools");
  }
}
