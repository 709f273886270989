package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentHandedOff;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.HandoffSpec;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.ThreadEvent;
import java.util.ArrayList;
import java.util.List;
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
      AgentDefinition member = withHandoffs(Fixtures.agent(name, 20), members);
      member.setSystemPrompt(BIG_PROMPT);
      member.setContext(new ContextConfig(400_000, 1_000)); // the prompt fits its window
      d.agent(member);
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

  private static AgentDefinition withHandoffs(AgentDefinition agent, List<String> to) {
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
}
