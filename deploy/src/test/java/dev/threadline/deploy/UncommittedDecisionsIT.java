package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolCallRequested;
import dev.threadline.executor.Executor;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.step.Decider;
import dev.threadline.step.StepProcessorApp;
import dev.threadline.step.StepSettings;
import dev.threadline.step.StepTopology;
import dev.threadline.topics.Topics;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.TaskMigratedException;
import org.junit.jupiter.api.Test;

/**
 * Executors that act on model requests before their decision commits, against a step processor that
 * loses its task between decisions and their commit again and again: a tool with side effects runs
 * once per committed call and never for a decision that did not commit, and no model request is
 * paid for twice. Each lost task aborts the open transaction — the decisions since the last commit,
 * their model requests (which the speculating executor may have answered already) and their tool
 * requests (which no executor may have seen) — and the inputs are decided again.
 */
class UncommittedDecisionsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int CALLS = 8;
  private static final int FAULTS = 5;

  /** The request ids the counting tool ran for, and the model was called for, in order. */
  private final List<String> tallied = new CopyOnWriteArrayList<>();

  private final List<String> modelCalled = new CopyOnWriteArrayList<>();
  private final AtomicInteger decisions = new AtomicInteger();
  private final AtomicInteger faults = new AtomicInteger();

  @Test
  void aToolWithSideEffectsRunsOncePerCommittedCallAndNeverForAnAbortedDecision() throws Exception {
    Map<String, String> settings = PipelineTraffic.cluster.pipelineSettings("uncommitted-it", 1);
    // Long transactions: a model request is answered, and the tool call it leads to decided,
    // well before the decision commits, so a lost task aborts both.
    settings.put("threadline.step.commit.interval.ms", "1000");
    settings.put("threadline.executor.speculate", "true");
    try (PipelineTraffic traffic = new PipelineTraffic(settings).read("uncommitted-it-reader")) {
      Topics topics = traffic.topics;
      KafkaStreams steps =
          new KafkaStreams(
              StepTopology.build(
                  topics,
                  traffic.serdes,
                  StepSettings.from(settings),
                  losingTasks(),
                  OpenTelemetry.noop()),
              StepProcessorApp.streamsConfig(settings, topics));
      Executor executor =
          traffic.executor(r -> modelCalled.add(r.getRequestId()), new Tally()).start();
      try {
        steps.start();
        await(() -> steps.state() == KafkaStreams.State.RUNNING, "the step processor to run");
        traffic.agent(
            "counter",
            ScriptedAgents.agent(topics, "counter", script(), CALLS + 5, List.of("tally")));
        traffic.command(
            "c-1",
            "t-counter",
            CreateThread.newBuilder().setAgentName("counter").setMetadata(Map.of()).build());
        traffic.command("c-2", "t-counter", ScriptedAgents.message("count"));

        await(() -> traffic.turnCompleted() != null, "the turn to complete");
      } finally {
        executor.close();
        steps.close(Duration.ofSeconds(10));
      }

      assertThat(faults.get()).as("tasks lost between a decision and its commit").isEqualTo(FAULTS);
      assertThat(traffic.turnCompleted().getSteps()).isEqualTo(CALLS + 1);
      List<String> committedCalls = requestIds(traffic, ToolCallRequested.class);
      assertThat(committedCalls).hasSize(CALLS).doesNotHaveDuplicates();
      assertThat(tallied)
          .as("the counting tool ran once per committed call, for no other")
          .containsExactlyInAnyOrderElementsOf(committedCalls);
      assertThat(modelCalled)
          .as("a decision decided again asks for the same request, answered without a second call")
          .doesNotHaveDuplicates()
          .containsExactlyInAnyOrderElementsOf(requestIds(traffic, ModelCallRequested.class));
    }
  }

  /** The request ids of the committed events of type {@code type}. */
  private static List<String> requestIds(PipelineTraffic traffic, Class<?> type) {
    return traffic.events.stream()
        .map(ThreadEvent::getPayload)
        .filter(type::isInstance)
        .map(
            p ->
                p instanceof ToolCallRequested t
                    ? t.getRequestId()
                    : ((ModelCallRequested) p).getRequestId())
        .toList();
  }

  /**
   * Loses the task at some decisions — after the decisions before it were sent, before they commit
   * — {@value #FAULTS} times, then no more, so the turn can finish.
   */
  private UnaryOperator<Decider> losingTasks() {
    return decider ->
        (state, input, tenant) -> {
          if (decisions.incrementAndGet() % 4 == 3 && faults.get() < FAULTS) {
            faults.incrementAndGet();
            throw new TaskMigratedException("lost between a decision and its commit (a test)");
          }
          return decider.decide(state, input, tenant);
        };
  }

  /** A tool with a side effect: it counts its runs. */
  private final class Tally implements Tool {
    @Override
    public String name() {
      return "tally";
    }

    @Override
    public String description() {
      return "Counts one more.";
    }

    @Override
    public JsonNode parametersSchema() {
      return JSON.createObjectNode().put("type", "object");
    }

    @Override
    public String call(ToolContext context, JsonNode arguments) {
      tallied.add(context.requestId());
      return String.valueOf(tallied.size());
    }
  }

  private static String script() {
    StringBuilder script = new StringBuilder("{\"provider\":\"scripted\",\"script\":[");
    for (int i = 1; i <= CALLS; i++) {
      script.append("{\"toolCalls\":[{\"name\":\"tally\",\"arguments\":{\"n\":").append(i);
      script.append("}}]},");
    }
    script.append("{\"text\":\"counted\"}]}");
    return script.toString();
  }

  private static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
    PipelineTraffic.await(condition, what, Duration.ofSeconds(120));
  }
}
