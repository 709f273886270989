package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolResult;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.model.ScriptedProvider;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.Tools;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.testkit.ThreadlineCluster;
import dev.threadline.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tool requests wait in the lane of their turn's thread group, each lane with its own budget (seed
 * 003): a backlog of chores holding every permit of theirs never delays a chat's tool.
 */
class ToolLanesIT {
  private static final ThreadlineCluster cluster = ThreadlineCluster.shared();
  private static final int CHORE_BUDGET = 4;

  /** Holds every call until the test lets them go. */
  private static final CountDownLatch gate = new CountDownLatch(1);

  private static final AtomicInteger held = new AtomicInteger();
  private static final Tool GATE =
      Tools.of(
          "gate",
          "waits until the test opens it",
          Duration.ofSeconds(60),
          (c, args) -> {
            held.incrementAndGet();
            return gate.await(60, TimeUnit.SECONDS) ? "opened" : "still shut";
          });

  private static Topics topics;
  private static KafkaProducer<byte[], byte[]> producer;
  private static ResultReader reader;
  private static Executor executor;

  @BeforeAll
  static void start() throws Exception {
    topics = ProvisionedTopics.on(cluster, "lanes-it.", 3);
    producer = cluster.rawProducer();
    ExecutorSettings settings =
        ExecutorSettings.from(
            Map.of(
                "threadline.executor.group.id",
                "lanes-it-executor",
                "threadline.executor.budget.tools.chore",
                String.valueOf(CHORE_BUDGET)),
            Map.of());
    executor =
        new Executor(
                cluster.bootstrapServers(),
                topics,
                settings,
                new ModelProviders(List.of(new ScriptedProvider())),
                new ToolRegistry(List.of(new EchoTool(), GATE)),
                Clock.systemUTC())
            .start();
    reader = new ResultReader(cluster.bootstrapServers(), topics, "lanes-it-reader");
  }

  @AfterAll
  static void stop() throws Exception {
    gate.countDown();
    reader.close();
    executor.close();
    producer.close();
  }

  @Test
  void aChatsToolRunsWhileChoresHoldEveryPermitOfTheirLane() throws Exception {
    try {
      for (int i = 0; i < 100; i++) {
        send(ThreadGroup.CHORE, "chore-" + i, "gate");
      }
      producer.flush();
      ResultReader.await(
          () -> held.get() >= CHORE_BUDGET ? true : null,
          Duration.ofSeconds(30),
          "the chores to hold their lane");

      send(ThreadGroup.CHAT, "chat-1", "echo");
      producer.flush();
      ToolResult chat =
          ResultReader.await(
              () ->
                  reader.toolResults.stream()
                      .filter(r -> r.getThreadId().equals("chat-1"))
                      .findFirst()
                      .orElse(null),
              Duration.ofSeconds(30),
              "the chat's tool result while the chores wait");

      assertThat(chat.getError()).isNull();
      assertThat(held.get()).as("no chore past its lane's budget").isEqualTo(CHORE_BUDGET);
      assertThat(reader.toolResults).extracting(ToolResult::getThreadId).containsOnly("chat-1");
    } finally {
      gate.countDown();
    }
  }

  private static void send(ThreadGroup lane, String threadId, String tool) {
    var request = Requests.tool(threadId, tool, "{\"text\":\"hi\"}", Instant.now().plusSeconds(60));
    var topic = topics.toolRequests(lane);
    producer.send(
        new ProducerRecord<>(
            topic.name(), threadId.getBytes(StandardCharsets.UTF_8), topic.serialize(request)));
  }
}
