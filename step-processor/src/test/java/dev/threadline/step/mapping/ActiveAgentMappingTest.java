package dev.threadline.step.mapping;

import static dev.threadline.step.mapping.MappingRoundTripTest.AT;
import static dev.threadline.step.mapping.MappingRoundTripTest.throughBytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Side;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The thread-agent store keeps the snapshot frozen at creation, written once; the state value names
 * the agent a handoff made active and the side that speaks. Read back, a thread runs the agent it
 * ran when it was saved — and a value from before those fields runs its stored snapshot.
 */
class ActiveAgentMappingTest {
  private static final AgentSnapshot MEMBER =
      agent("scheduler", "You schedule.")
          .with(
              b ->
                  b.otherSide =
                      new Side(
                          Side.B,
                          "You check the schedule.",
                          new AgentSnapshot.ModelConfig("scripted", "checker", "{}"),
                          List.of(),
                          new AgentSnapshot.StopRules(true, null, 2, null)));
  private static final AgentSnapshot ROOT =
      agent("lead", "You lead.").with(b -> b.team = List.of(MEMBER));

  @Test
  void aThreadAHandoffGaveToAMemberOfItsTeamRunsThatMemberWhenLoaded() {
    MachineState handedOff = state(ROOT.teamMember("scheduler").orElseThrow());

    assertThat(reloaded(handedOff)).isEqualTo(handedOff);
    assertThat(reloaded(handedOff).agent().team()).isEqualTo(ROOT.team());
  }

  @Test
  void aDualAiThreadWhoseSideBSpeaksIsLoadedWithSideBSpeaking() {
    MachineState sideB = state(DualAi.switchSides(ROOT.teamMember("scheduler").orElseThrow()));

    MachineState loaded = reloaded(sideB);

    assertThat(DualAi.speaking(loaded.agent())).isEqualTo(Side.B);
    assertThat(loaded).isEqualTo(sideB);
  }

  @Test
  void aValueFromBeforeTheActiveAgentRunsTheSnapshotItsStoreHolds() {
    ThreadStateValue old = StateMapping.toAvro(state(ROOT));
    old.setActiveAgent(null);
    old.setSpeakingSide(null);
    AgentSnapshot storedByAnOlderVersion = ROOT.teamMember("scheduler").orElseThrow();

    assertThat(StateMapping.toCore(old, storedByAnOlderVersion, List.of()).agent())
        .isEqualTo(storedByAnOlderVersion);
  }

  private static MachineState reloaded(MachineState s) {
    return StateMapping.toCore(throughBytes(StateMapping.toAvro(s)), ROOT, List.of());
  }

  private static MachineState state(AgentSnapshot agent) {
    return MachineState.created("t-1", "acme", agent, null, AT, 0);
  }

  private static AgentSnapshot agent(String name, String prompt) {
    return AgentSnapshot.of(
        name,
        "acme",
        new AgentSnapshot.ModelConfig("scripted", "m-1", "{}"),
        prompt,
        new AgentSnapshot.StopRules(true, null, 5, 4),
        Lane.TASK,
        new AgentSnapshot.ContextBudget(null, null),
        AT);
  }
}
