package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Origin;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.UserMessage;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tool requests go to the lane of the turn that made them (seed 003: budgets per thread group), as
 * its model requests do: a chore's tools wait in a lane of their own, never in front of chat's.
 */
class ToolLanesTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void aChoreAgentsToolRequestsGoToTheChoreLaneOnly() {
    d.agent(
        AgentDefinition.newBuilder(Fixtures.agent("sweeper", 20))
            .setGroup(ThreadGroup.CHORE)
            .build());
    d.command(Fixtures.create("c-create", "t-chore", "sweeper"));
    d.command(Fixtures.message("c-msg", "t-chore", "tidy up"));

    ModelRequest step = d.modelRequests.get(ThreadGroup.CHORE).readValue();
    d.answer(step, "", call("call-1", "echo", "{}"));

    assertThat(toolNamesByLane())
        .containsEntry(ThreadGroup.CHORE, List.of("echo"))
        .containsEntry(ThreadGroup.CHAT, List.of())
        .containsEntry(ThreadGroup.TASK, List.of())
        .containsEntry(ThreadGroup.WILL, List.of());
  }

  @Test
  void aWillMessagesTurnRunsItsToolsOnTheWillLaneWhateverTheAgentsGroup() {
    d.agent(Fixtures.agent("helper", 20));
    d.command(Fixtures.create("c-create", "t-will", "helper"));
    UserMessage will = Fixtures.userMessage("remember this");
    will.setOrigin(Origin.WILL);
    d.command(Fixtures.command("c-msg", "t-will", will));

    ModelRequest step = d.modelRequests.get(ThreadGroup.WILL).readValue();
    d.answer(step, "", call("call-1", "search", "{\"q\":\"x\"}"));

    assertThat(toolNamesByLane())
        .containsEntry(ThreadGroup.WILL, List.of("search"))
        .containsEntry(ThreadGroup.TASK, List.of());
  }

  private Map<ThreadGroup, List<String>> toolNamesByLane() {
    Map<ThreadGroup, List<String>> names = new EnumMap<>(ThreadGroup.class);
    d.toolLanes.forEach(
        (lane, topic) ->
            names.put(
                lane, topic.readValuesToList().stream().map(ToolRequest::getToolName).toList()));
    return names;
  }
}
