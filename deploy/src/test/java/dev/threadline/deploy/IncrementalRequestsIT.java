package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CreateThread;
import dev.threadline.avro.ModelCallFailed;
import dev.threadline.avro.ModelError;
import dev.threadline.executor.Executor;
import dev.threadline.executor.tools.builtin.EchoTool;
import dev.threadline.step.StepProcessorApp;
import dev.threadline.step.StepSettings;
import dev.threadline.step.StepTopology;
import dev.threadline.topics.ContextDigest;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;

/**
 * Incremental model requests through the real step processor and executor on a real broker: a
 * thread of {@value #STEPS} steps whose executor is replaced by a fresh one (an empty context
 * cache) half-way. The new executor cannot serve the next request's reuse, answers {@code
 * context_missing}, gets that request whole and the thread finishes; the model saw every message of
 * the context at every step, and no model error reached the thread.
 */
class IncrementalRequestsIT {
  private static final int STEPS = 30;

  /** Context sizes the model saw, by model call of the turn. */
  private final Map<Integer, Integer> contextSizes = new ConcurrentHashMap<>();

  @Test
  void aThreadWhoseExecutorRestartsMidwayFinishesOnWholeContexts() throws Exception {
    try (PipelineTraffic traffic =
        new PipelineTraffic(PipelineTraffic.cluster.pipelineSettings("incr-it", 2))
            .read("incr-it-reader")) {
      Topics topics = traffic.topics;
      KafkaStreams steps =
          new KafkaStreams(
              StepTopology.build(topics, traffic.serdes, StepSettings.from(traffic.settings)),
              StepProcessorApp.streamsConfig(traffic.settings, topics));
      Executor executor =
          traffic
              .executor(
                  r -> contextSizes.put(r.getTurnCall(), r.getMessages().size()), new EchoTool())
              .start();
      try {
        steps.start();
        await(() -> steps.state() == KafkaStreams.State.RUNNING, "the step processor to run");
        traffic.agent("long", ScriptedAgents.agent(topics, "long", script(), STEPS + 10, true));
        traffic.command(
            "c-1",
            "t-long",
            CreateThread.newBuilder().setAgentName("long").setMetadata(Map.of()).build());
        traffic.command("c-2", "t-long", ScriptedAgents.message("work through it"));

        await(() -> contextSizes.size() >= STEPS / 2, "half of the steps");
        executor.close();
        executor =
            traffic
                .executor(
                    r -> contextSizes.put(r.getTurnCall(), r.getMessages().size()), new EchoTool())
                .start();

        await(() -> traffic.turnCompleted() != null, "the turn to complete");
      } finally {
        executor.close();
        steps.close(Duration.ofSeconds(10));
      }

      assertThat(traffic.turnCompleted().getSteps()).isEqualTo(STEPS);
      assertThat(traffic.events).noneMatch(e -> e.getPayload() instanceof ModelCallFailed);
      assertThat(traffic.modelResults)
          .filteredOn(
              r ->
                  r.getOutcome() instanceof ModelError e
                      && e.getCode().equals(ContextDigest.MISSING))
          .as("the fresh executor did not hold the context its first request reused")
          .isNotEmpty();
    }
    // The user's message, then per step the assistant's call and the tool's result; from the
    // second call on also a working-set summary: the model saw the whole context every time.
    assertThat(contextSizes).containsEntry(1, 1);
    for (int call = 2; call <= STEPS; call++) {
      assertThat(contextSizes).containsEntry(call, 2 + 2 * (call - 1));
    }
  }

  private static String script() {
    StringBuilder script = new StringBuilder("{\"provider\":\"scripted\",\"script\":[");
    for (int i = 1; i < STEPS; i++) {
      script.append("{\"toolCalls\":[{\"name\":\"echo\",\"arguments\":{\"n\":").append(i);
      script.append("}}]},");
    }
    script.append("{\"text\":\"done\"}]}");
    return script.toString();
  }

  private static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
    PipelineTraffic.await(condition, what, Duration.ofSeconds(60));
  }
}
