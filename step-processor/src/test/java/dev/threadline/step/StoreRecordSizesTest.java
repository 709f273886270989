package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentHandedOff;
import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.HandoffSpec;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.config.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a thread's stores hold fits in one record however its agents are written: a handoff makes
 * another agent of the team the thread's, so what the thread's agent store keeps must not grow with
 * it — a team whose frozen snapshot just fits at creation must not make a record Kafka refuses on
 * the first handoff (that record failed the exactly-once transaction on every replay, and stalled
 * every thread of its partition).
 */
class StoreRecordSizesTest {
  private static final String BIG_PROMPT = "p".repeat(240_000);
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void handoffsAmongAgentsWithTheLargestPromptsKeepEveryRecordUnderTheRecordLimit() {
    List<String> members = List.of("b", "c", "d", "e");
    d.agent(withHandoffs(Fixtures.agent("lead", 20), members));
    for (String name : members) {
      d.agent(bigMember(name, members));
    }
    d.command(Fixtures.create("c-1", "t-1", "lead"));
    d.command(Fixtures.message("c-2", "t-1", "pass it on"));

    ModelRequest request = d.nextModelRequest();
    for (String next : List.of("b", "c", "d", "e", "b")) {
      d.answer(request, null, Fixtures.call("h-" + next, next, "{}"));
      request = d.nextModelRequest();
    }
    d.answer(request, "done");

    List<ThreadEvent> events = d.drainEvents();
    assertThat(events)
        .filteredOn(e -> e.getPayload() instanceof AgentHandedOff)
        .extracting(e -> ((AgentHandedOff) e.getPayload()).getToAgent())
        .containsExactly("b", "c", "d", "e", "b");
    assertThat(RecordSizes.largest(d.driver))
        .as("the largest record the step processor wrote, changelogs included")
        .isLessThan(StepSettings.defaults().machine().limits().recordBytes());
  }

  /** An agent with the largest prompt, which may hand the thread to the others of {@code team}. */
  static AgentDefinition bigMember(String name, List<String> team) {
    AgentDefinition member = withHandoffs(Fixtures.agent(name, 20), team);
    member.setSystemPrompt(BIG_PROMPT);
    member.setContext(new ContextConfig(400_000, 1_000)); // the prompt fits its window
    return member;
  }

  static AgentDefinition withHandoffs(AgentDefinition agent, List<String> to) {
    agent.setHandoffs(
        to.stream()
            .filter(name -> !name.equals(agent.getName()))
            .map(name -> new HandoffSpec(name, "Hand over to " + name))
            .toList());
    return agent;
  }

  @Test
  void immediateSubagentsGivenTheLargestFirstMessageKeepEveryRecordUnderTheRecordLimit() {
    List<SubagentSpec> fanOut = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      SubagentSpec spec =
          Fixtures.withSubagent(Fixtures.agent("x", 5), "w" + i, "worker")
              .getSubagents()
              .getFirst();
      spec.setImmediate(true);
      fanOut.add(spec);
    }
    AgentDefinition lead = Fixtures.agent("fan", 20);
    lead.setSubagents(fanOut);
    d.agent(lead);
    d.agent(Fixtures.agent("worker", 5));
    d.command(Fixtures.create("c-1", "t-2", "fan"));

    d.command(Fixtures.message("c-2", "t-2", "m".repeat(250_000)));

    assertThat(d.nextModelRequest().getThreadId())
        .as("the thread goes on, its eight subagents started")
        .isEqualTo("t-2");
    // (RecordSizes reads every topic, so it comes last.)
    assertThat(RecordSizes.largest(d.driver))
        .as("the largest record the step processor wrote, changelogs included")
        .isLessThan(StepSettings.defaults().machine().limits().recordBytes());
  }

  /**
   * Whatever the limits, a decision that would store a value over the record limit is not carried
   * out: nothing of it is written, it is refused naming the limit, and the partition goes on. Here
   * a record limit of 40,000 bytes and an env within its own cap make a thread-state value too
   * large.
   */
  @Test
  void aStateValueOverTheRecordLimitIsRefusedAndNothingOfItIsWritten() {
    StepDriver tight =
        new StepDriver(
            StepSettings.from(
                Map.of(
                    Limits.key("record.bytes"), "40000",
                    Limits.key("message.bytes"), "8192",
                    Limits.key("tool.arguments.bytes"), "8192",
                    Limits.key("tool.result.bytes"), "8192",
                    Limits.key("model.output.bytes"), "8192",
                    Limits.key("agent.bytes"), "8192")));
    try (tight) {
      tight.agent(Fixtures.agent("helper", 5));
      Map<String, EnvValue> env = new TreeMap<>();
      for (int i = 0; i < 20; i++) {
        env.put("V" + i, new EnvValue("v".repeat(2_500), false)); // 50,000 bytes: under env.bytes
      }
      tight.command(
          Fixtures.command(
              "c-1",
              "t-big",
              CreateThread.newBuilder()
                  .setAgentName("helper")
                  .setMetadata(Map.of())
                  .setEnv(env)
                  .build()));
      tight.command(Fixtures.create("c-2", "t-ok", "helper"));
      tight.command(Fixtures.message("c-3", "t-ok", "still here?"));

      assertThat(tight.drainEvents())
          .filteredOn(e -> e.getThreadId().equals("t-big"))
          .singleElement()
          .satisfies(
              e ->
                  assertThat(e.getPayload())
                      .isInstanceOfSatisfying(
                          CommandRejected.class,
                          r -> assertThat(r.getReason()).contains("thread-state", "record.bytes")));
      assertThat(tight.stateStore().get("t-big")).isNull();
      assertThat(tight.nextModelRequest().getThreadId()).isEqualTo("t-ok");
      assertThat(RecordSizes.largest(tight.driver)).isLessThan(40_000);
    }
  }
}
