package dev.threadline.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.ThreadGroup;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Spec §7: what a thread freezes with its agent — every agent its subagents reach, once. */
class AgentTeamTest {
  private static AgentDefinition agent(String name, String... subagentAgents) {
    return AgentDefinition.newBuilder()
        .setName(name)
        .setTenantId("acme")
        .setModel(new ModelSpec("scripted", null, "{}"))
        .setSubagents(
            new ArrayList<>(
                Stream.of(subagentAgents)
                    .map(a -> SubagentSpec.newBuilder().setName("call-" + a).setAgent(a).build())
                    .toList()))
        .setStop(new StopConfig(true, null, 5, null))
        .setGroup(ThreadGroup.TASK)
        .setContext(new ContextConfig(null, null))
        .setUpdatedAt(Instant.EPOCH)
        .build();
  }

  private static List<String> names(AgentDefinition frozen) {
    return frozen.getTeam().stream().map(AgentDefinition::getName).toList();
  }

  @Test
  void theTeamHoldsEveryAgentReachableThroughSubagentsOnceInTheOrderReached() {
    Map<String, AgentDefinition> table =
        Map.of("b", agent("b", "c"), "c", agent("c", "b"), "d", agent("d"));

    AgentDefinition frozen = AgentTeam.freeze(agent("a", "b", "d"), table::get);

    assertThat(names(frozen)).containsExactly("b", "d", "c");
    assertThat(frozen.getTeam()).allSatisfy(m -> assertThat(m.getTeam()).isEmpty());
  }

  @Test
  void anAgentThatNamesItselfIsInItsOwnTeamAndTheWalkEnds() {
    AgentDefinition frozen = AgentTeam.freeze(agent("loop", "loop"), name -> null);

    assertThat(names(frozen)).containsExactly("loop");
  }

  @Test
  void anAgentThatDoesNotExistIsLeftOut() {
    AgentDefinition frozen =
        AgentTeam.freeze(agent("a", "ghost", "d"), Map.of("d", agent("d"))::get);

    assertThat(names(frozen)).containsExactly("d");
  }

  @Test
  void aDefinitionAlreadyFrozenIsKeptAsItIs() {
    AgentDefinition once = AgentTeam.freeze(agent("a", "b"), Map.of("b", agent("b"))::get);

    assertThat(AgentTeam.freeze(once, name -> agent(name, "x"))).isSameAs(once);
  }

  @Test
  void aFrozenSnapshotHoldsTheResolvedFieldsNotTheAuthoringForm() {
    AgentDefinition written = agent("b");
    written.setWrittenJson("{\"model\": \"fast\"}");
    written.setUses(new ArrayList<>(List.of("model:fast")));
    AgentDefinition root = agent("a", "b");
    root.setWrittenJson("{\"prompt\": \"coordinator\"}");
    root.setUses(new ArrayList<>(List.of("prompt:coordinator")));

    AgentDefinition frozen = AgentTeam.freeze(root, Map.of("b", written)::get);
    AgentDefinition alone = AgentTeam.freeze(written, name -> null);

    assertThat(List.of(frozen, frozen.getTeam().getFirst(), alone))
        .allSatisfy(
            d -> {
              assertThat(d.getWrittenJson()).isNull();
              assertThat(d.getUses()).isEmpty();
            });
    assertThat(alone.getModel()).isEqualTo(written.getModel());
  }
}
