package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.Terminate;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadTerminated;
import dev.threadline.avro.ToolCallCompleted;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.2, §10 through the real topology, parent and children on it together: a resumable child
 * whose session is over terminates and its parent's next message to it is a tool error; a parent
 * that is terminated, or completes, ends every child that still lives, idle or running.
 */
class SubagentLifecycleTopologyTest {
  private static final String SCOUT = "p-1/helper-1.1.0";

  private final StepDriver d = new StepDriver();
  private final Map<String, Queue<ModelRequest>> requests = new HashMap<>();
  private final List<ThreadEvent> events = new ArrayList<>();

  @BeforeEach
  void define() {
    AgentDefinition oneTurn = Fixtures.agent("assistant", 5);
    oneTurn.setStop(new StopConfig(true, null, 5, 1));
    d.agent(oneTurn);
    d.agent(Fixtures.agent("researcher", 5));
    AgentDefinition boss = Fixtures.agent("boss", 10);
    boss.setSubagents(
        new ArrayList<>(
            List.of(
                SubagentSpec.newBuilder()
                    .setName("helper")
                    .setAgent("assistant")
                    .setResumable(true)
                    .build(),
                SubagentSpec.newBuilder().setName("research").setAgent("researcher").build())));
    d.agent(boss);
  }

  @AfterEach
  void close() {
    d.close();
  }

  /** The next model request of {@code threadId}; the others' are kept for later. */
  private ModelRequest next(String threadId) {
    Queue<ModelRequest> mine = requests.computeIfAbsent(threadId, k -> new ArrayDeque<>());
    while (mine.isEmpty()) {
      ModelRequest r = d.nextModelRequest();
      requests.computeIfAbsent(r.getThreadId(), k -> new ArrayDeque<>()).add(r);
    }
    return mine.remove();
  }

  private List<ThreadEvent> eventsOf(String threadId) {
    events.addAll(d.drainEvents());
    return events.stream().filter(e -> e.getThreadId().equals(threadId)).toList();
  }

  private boolean terminated(String threadId) {
    return eventsOf(threadId).stream().anyMatch(e -> e.getPayload() instanceof ThreadTerminated);
  }

  private static final dev.threadline.avro.ToolCall CREATE_SCOUT =
      call(
          "k1",
          "subagent_create",
          "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"a\"}");

  /** The boss started, and its model's first reply made {@code calls}. */
  private void givenBossCalled(dev.threadline.avro.ToolCall... calls) {
    d.command(Fixtures.create("c-1", "p-1", "boss"));
    d.command(Fixtures.message("c-2", "p-1", "go"));
    d.answer(next("p-1"), null, calls);
  }

  /** The boss created resumable helper scout, which answered once and so used its one turn. */
  private void givenScoutsSessionIsOver() {
    givenBossCalled(CREATE_SCOUT);
    d.answer(next(SCOUT), "nothing there");
  }

  @Test
  void aResumableChildWhoseSessionIsOverTerminatesAndAMessageToItIsAToolError() {
    givenScoutsSessionIsOver();
    assertThat(terminated(SCOUT)).isTrue();

    d.answer(
        next("p-1"),
        null,
        call("k2", "subagent_message", "{\"name\":\"scout\",\"message\":\"look again\"}"));

    assertThat(eventsOf("p-1"))
        .map(ThreadEvent::getPayload)
        .filteredOn(ToolCallCompleted.class::isInstance)
        .map(p -> ((ToolCallCompleted) p).getError())
        .anySatisfy(error -> assertThat(error).contains("'scout' has ended"));
  }

  @Test
  void terminatingAParentTerminatesEveryChildThatLivesIdleOrRunning() {
    givenBossCalled(CREATE_SCOUT, call("k2", "research", "{\"message\":\"dig\"}"));
    String research = "p-1/research-1.1.1"; // the second call of the parent's first step
    next(research); // working on its first step, never answered

    d.command(Fixtures.command("c-3", "p-1", new Terminate("enough")));

    assertThat(terminated(SCOUT)).isTrue();
    assertThat(terminated(research)).isTrue();
  }

  @Test
  void aParentThatCompletesTerminatesTheChildrenStillWorking() {
    givenBossCalled(call("k1", "research", "{\"message\":\"dig\"}"));
    String research = "p-1/research-1.1.0";
    next(research);

    d.answer(next("p-1"), null, call("k2", "sessionStop", "{\"result\":\"done without it\"}"));

    assertThat(terminated(research)).isTrue();
  }
}
