package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.config.Limits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * The adversarial suite: the production topology fed, seed after seed, a random mix of valid,
 * oversized and malformed commands, replies and results, hostile agent definitions, garbage bytes
 * and unknown schema ids on every input topic ({@link HostileInputs}), while a well-behaved
 * tenant's thread on the same partition carries on. For every seed: no input makes {@code process}
 * throw; every undecodable input becomes a dead letter; no record written — events, requests, store
 * changelogs (so every state value) — exceeds the record limit; and the well-behaved thread
 * finishes every turn it is asked for.
 */
class AdversarialTopologyTest {
  private static final int SEEDS = Integer.getInteger("threadline.adversarial.seeds", 20);
  private static final int INPUTS = 150;
  private static final int TIGHT_RECORD_BYTES = 65_536;

  /** Tight limits, so that inputs of a few KiB are already over them. */
  private static final Map<String, String> TIGHT =
      Map.of(
          Limits.key("record.bytes"), String.valueOf(TIGHT_RECORD_BYTES),
          Limits.key("message.bytes"), "8192",
          Limits.key("tool.arguments.bytes"), "8192",
          Limits.key("tool.result.bytes"), "8192",
          Limits.key("model.output.bytes"), "8192",
          Limits.key("queue.items"), "6",
          Limits.key("queue.bytes"), "24576",
          Limits.key("tool.calls.per.reply"), "8");

  /** Every kind of hostile input the generator makes, and how often it was fed. */
  private final Map<String, Integer> fed = new java.util.TreeMap<>();

  private long largest;

  @Test
  void noMixOfHostileInputsStopsThePartitionOrWritesARecordOverTheLimit() {
    for (int seed = 0; seed < SEEDS; seed++) {
      play(seed);
    }
    System.out.printf(
        "adversarial: %d seeds, largest record %d bytes, fed %s%n", SEEDS, largest, fed);
    assertThat(fed.keySet())
        .as("the generator covers every input type")
        .contains(
            "garbage",
            "unknown schema id",
            "truncated",
            "reply",
            "tool result",
            "stray reply",
            "stray tool result",
            "agent definition",
            "CreateThread",
            "UserMessage",
            "QueueMessage",
            "Steer",
            "QueueTool",
            "ScheduleEffect",
            "CancelEffect",
            "Abort",
            "Terminate",
            "ApprovalDecision",
            "ChildUpdate",
            "Compact",
            "SubagentMessage");
    assertThat(largest).as("the attacks reach the limit").isGreaterThan(TIGHT_RECORD_BYTES / 2);
  }

  private void play(int seed) {
    StepSettings settings = StepSettings.from(TIGHT);
    Limits limits = settings.machine().limits();
    CountingDeserializationHandler.DEAD_LETTERS.clear();
    try (StepDriver d =
        new StepDriver(
            settings,
            java.util.function.UnaryOperator.identity(),
            Map.of(
                StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                CountingDeserializationHandler.class))) {
      HostileInputs hostile = new HostileInputs(seed, d.topics, limits);
      Outputs out = new Outputs(d, limits, "seed " + seed);
      for (AgentDefinition agent : HostileInputs.agents()) {
        d.agent(agent);
      }
      d.agent(Fixtures.agent("helper", 5));
      d.command(Fixtures.create("g-create", "good-1", "helper"));
      int asked = 0;
      for (int i = 0; i < INPUTS; i++) {
        HostileInputs.Raw raw = hostile.next(out.modelRequests, out.toolRequests);
        if (raw.value().length > limits.recordBytes() - 1_024) {
          continue; // the broker refuses a record this large before anyone reads it
        }
        fed.merge(raw.what(), 1, Integer::sum);
        int deadBefore = out.deadLetters + CountingDeserializationHandler.DEAD_LETTERS.size();
        int writtenBefore = out.written;
        assertThatCode(() -> out.pipe(raw))
            .as("seed %d input %d (%s) makes the topology throw", seed, i, raw.what())
            .doesNotThrowAnyException();
        out.collect();
        if (raw.poison()) {
          assertThat(out.deadLetters + CountingDeserializationHandler.DEAD_LETTERS.size())
              .as("seed %d input %d (%s) is dead-lettered", seed, i, raw.what())
              .isGreaterThan(deadBefore);
        } else if (raw.topic().equals(d.topics.threadCommands().name())) {
          assertThat(out.written)
              .as(
                  "seed %d input %d (%s) has an effect, a refusal or a dead letter",
                  seed, i, raw.what())
              .isGreaterThan(writtenBefore);
        }
        if (i % 25 == 0) {
          asked++;
          d.command(Fixtures.message("g-" + i, "good-1", "are you there?"));
          out.collect();
        }
        if (i % 10 == 0) {
          d.advance(Duration.ofSeconds(30)); // deadlines and timers fire among the attacks
          out.collect();
        }
        out.answerGoodThread();
      }
      for (var letter : CountingDeserializationHandler.DEAD_LETTERS) {
        assertThat(letter.value().length).isLessThanOrEqualTo(limits.recordBytes());
      }
      largest = Math.max(largest, out.largest);
      assertThat(out.goodTurnsEnded)
          .as("seed %d: the well-behaved thread ended every turn it was asked for", seed)
          .isEqualTo(asked);
    }
  }

  /**
   * Everything the topology wrote, measured and sorted: requests to answer, dead letters, turns.
   */
  private static final class Outputs {
    final List<ModelRequest> modelRequests = new ArrayList<>();
    final List<ToolRequest> toolRequests = new ArrayList<>();
    int deadLetters;
    int written;
    int goodTurnsEnded;
    long largest;
    private final StepDriver d;
    private final Limits limits;
    private final String label;
    private final List<ModelRequest> goodRequests = new ArrayList<>();
    private final Map<String, TestInputTopic<String, byte[]>> raw = new java.util.HashMap<>();

    Outputs(StepDriver d, Limits limits, String label) {
      this.d = d;
      this.limits = limits;
      this.label = label;
    }

    void pipe(HostileInputs.Raw input) {
      raw.computeIfAbsent(
              input.topic(),
              t ->
                  d.driver.createInputTopic(
                      t, Serdes.String().serializer(), Serdes.ByteArray().serializer()))
          .pipeInput(input.key(), input.value());
    }

    /** Reads every topic the topology wrote to, checking each record's size on the way. */
    void collect() {
      for (String topic : d.driver.producedTopicNames()) {
        var records =
            d.driver
                .createOutputTopic(
                    topic, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer())
                .readRecordsToList();
        for (TestRecord<byte[], byte[]> r : records) {
          assertThat(RecordSizes.size(r))
              .as("%s: a record on %s", label, topic)
              .isLessThanOrEqualTo(limits.recordBytes());
          written++;
          largest = Math.max(largest, RecordSizes.size(r));
          sort(topic, r.value());
        }
      }
    }

    private void sort(String topic, byte[] value) {
      if (topic.equals(d.topics.deadLetters().name())) {
        deadLetters++;
      } else if (topic.equals(d.topics.toolRequests(ThreadGroup.TASK).name())) {
        toolRequests.add(
            d.topics
                .toolRequests(ThreadGroup.TASK)
                .valueSerde()
                .deserializer()
                .deserialize(topic, value));
      } else if (topic.equals(d.topics.threadEvents().name())) {
        ThreadEvent event =
            d.topics.threadEvents().valueSerde().deserializer().deserialize(topic, value);
        if (event.getThreadId().equals("good-1") && event.getPayload() instanceof TurnCompleted) {
          goodTurnsEnded++;
        }
      } else {
        for (ThreadGroup lane : ThreadGroup.values()) {
          if (topic.equals(d.topics.modelRequests(lane).name())) {
            ModelRequest request =
                d.topics.modelRequests(lane).valueSerde().deserializer().deserialize(topic, value);
            (request.getThreadId().equals("good-1") ? goodRequests : modelRequests).add(request);
          }
        }
      }
    }

    /** The well-behaved tenant's executor: every request of its thread answered at once. */
    void answerGoodThread() {
      while (!goodRequests.isEmpty()) {
        d.answer(goodRequests.removeFirst(), "I am here.");
        collect();
      }
    }
  }
}
