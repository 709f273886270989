package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.step.core.MachineConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestOutputTopic;
import org.junit.jupiter.api.Test;

/**
 * Principle 5: the cost of a step does not grow with the thread's length. A thread runs 1,000 steps
 * (each a model call answered with one tool call, then its result); the thread-state value and the
 * bytes written per step to the state changelogs, the event log and the model requests stay flat.
 * The context the model sees grows with every step; the request carries only what is new and reuses
 * the rest from the thread's previous request ({@code ModelRequest.reuse}).
 */
class ThreadGrowthTest {
  private static final int STEPS = 1_000;
  private static final List<String> STORES =
      List.of(
          StoreNames.THREAD_STATE,
          StoreNames.SHARED_AGENTS,
          StoreNames.SHARED_AGENT_THREADS,
          StoreNames.THREAD_AGENT_REFS,
          StoreNames.THREAD_MESSAGES,
          StoreNames.THREAD_KV,
          StoreNames.COMMAND_IDS);

  @Test
  void stateSizeAndBytesWrittenPerStepStayFlatOverAThousandSteps() {
    MachineConfig big = MachineConfig.defaults().withHardMaxStepsPerTurn(10_000);
    try (StepDriver d = new StepDriver(new StepSettings(big, Duration.ofMillis(250)))) {
      // A window large enough that context management stays out of this measurement of storage
      // cost.
      d.agent(
          dev.threadline.avro.AgentDefinition.newBuilder(Fixtures.agent("long-runner", 10_000))
              .setContext(new dev.threadline.avro.ContextConfig(10_000_000, null))
              .build());
      List<TestOutputTopic<byte[], byte[]>> changelogs = new ArrayList<>();
      for (String store : STORES) {
        changelogs.add(
            d.driver.createOutputTopic(
                "threadline-step-processor-" + store + "-changelog",
                Serdes.ByteArray().deserializer(),
                Serdes.ByteArray().deserializer()));
      }
      var events =
          d.driver.createOutputTopic(
              d.topics.threadEvents().name(),
              Serdes.ByteArray().deserializer(),
              Serdes.ByteArray().deserializer());
      var stateSerde = d.serdes.valueSerde(dev.threadline.avro.store.ThreadStateValue.class);

      d.command(Fixtures.create("c-1", "t-long", "long-runner"));
      d.command(Fixtures.message("c-2", "t-long", "work for a long time"));
      drain(changelogs);
      events.readRecordsToList();

      long[] changelogBytes = new long[STEPS + 1];
      long[] eventBytes = new long[STEPS + 1];
      int[] stateBytes = new int[STEPS + 1];
      long[] requestBytes = new long[STEPS + 1];
      int[] contextMessages = new int[STEPS + 1];
      var requestSerde = d.topics.modelRequests(ThreadGroup.TASK).valueSerde();
      for (int step = 1; step <= STEPS; step++) {
        ModelRequest sent = d.nextRawModelRequest();
        requestBytes[step] = requestSerde.serializer().serialize("x", sent).length;
        if (step > 1) {
          assertThat(sent.getReuse()).as("request %d reuses its predecessor", step).isNotNull();
        }
        ModelRequest request = d.whole(sent);
        contextMessages[step] = request.getMessages().size();
        d.answer(request, null, call("c" + step, "echo", "{\"n\":" + (step % 10) + "}"));
        d.answer(d.toolRequests.readValue(), "{\"n\":" + (step % 10) + "}");
        changelogBytes[step] = drain(changelogs);
        eventBytes[step] =
            events.readRecordsToList().stream()
                .mapToLong(r -> r.key().length + r.value().length)
                .sum();
        stateBytes[step] =
            stateSerde.serializer().serialize("x", d.stateStore().get("t-long")).length;
      }

      double earlyChangelog = mean(changelogBytes, 11, 110);
      double lateChangelog = mean(changelogBytes, 901, 1000);
      double earlyEvents = mean(eventBytes, 11, 110);
      double lateEvents = mean(eventBytes, 901, 1000);
      System.out.printf(
          "thread growth over %d steps: state value %d -> %d bytes; changelog bytes/step %.0f -> %.0f; event bytes/step %.0f -> %.0f; model request bytes %d -> %d%n",
          STEPS,
          stateBytes[10],
          stateBytes[STEPS],
          earlyChangelog,
          lateChangelog,
          earlyEvents,
          lateEvents,
          requestBytes[10],
          requestBytes[STEPS]);

      // Counters (seqs, steps, token totals) are varints: they gain a byte per 7 bits of growth,
      // never anything per message; a handful of bytes over 1,000 steps is that, not content.
      assertThat(stateBytes[STEPS]).isLessThanOrEqualTo(stateBytes[10] + 16);
      assertThat(lateChangelog).isLessThanOrEqualTo(earlyChangelog * 1.05);
      assertThat(lateEvents).isLessThanOrEqualTo(earlyEvents * 1.05);
      assertThat(mean(requestBytes, 901, 1000))
          .isLessThanOrEqualTo(mean(requestBytes, 11, 110) * 1.05);
      // ... while the context the executor rebuilds holds every message: the assistant's call and
      // the tool's result, 2 more per step.
      assertThat(contextMessages[STEPS] - contextMessages[10]).isEqualTo(2 * (STEPS - 10));
    }
  }

  private static long drain(List<TestOutputTopic<byte[], byte[]>> topics) {
    long bytes = 0;
    for (var topic : topics) {
      for (var r : topic.readRecordsToList()) {
        bytes += r.key().length + (r.value() == null ? 0 : r.value().length);
      }
    }
    return bytes;
  }

  private static double mean(long[] values, int from, int to) {
    long sum = 0;
    for (int i = from; i <= to; i++) {
      sum += values[i];
    }
    return (double) sum / (to - from + 1);
  }
}
