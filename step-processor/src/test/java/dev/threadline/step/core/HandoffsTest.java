package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.AgentSnapshot.Handoff;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Event.AgentHandedOff;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §5.3, ai_human handoff: an agent in another's handoffs is a tool; calling it makes it the
 * thread's agent — the conversation kept, the next step under the new agent's prompt, model, tools
 * and stop rules, taken from the team frozen when the thread was created.
 */
class HandoffsTest {
  private final Scenario scenario = new Scenario();

  static AgentSnapshot scheduler() {
    return TestAgents.named("scheduler", "m-2", "You schedule meetings.")
        .with(
            b -> {
              b.stop = new StopRules(true, null, 7, null);
              b.lane = Lane.CHAT;
              b.tools = List.of(new AgentTool("calendar", Permission.ALLOW, null, null));
            });
  }

  static AgentSnapshot onboarding(List<AgentSnapshot> team) {
    return TestAgents.named("onboarding", "m-1", "You onboard new users.")
        .with(
            b -> {
              b.lane = Lane.CHAT;
              b.team = team;
              b.handoffs =
                  List.of(new Handoff("scheduler", "Hand over when the user wants a meeting."));
            });
  }

  @Test
  void aHandoffIsOfferedToTheModelAsATool() {
    assertThat(ContextAssembler.tools(onboarding(List.of(scheduler()))))
        .anyMatch(t -> t.name().equals("scheduler") && t.description().contains("meeting"));
  }

  /** Spec §7.3: optional flags are read when the thread freezes its team, for every member. */
  @Test
  void theAgentHandedOffToHasOnlyTheOptionalSubagentsWhoseFlagsAreOn() {
    Scenario flagged = new Scenario(java.util.Map.of("BETA", "true"));
    AgentSnapshot withOptional =
        scheduler()
            .with(
                b ->
                    b.subagents =
                        List.of(
                            SubagentBuilder.subagent("beta", "researcher").optional("BETA").build(),
                            SubagentBuilder.subagent("gamma", "researcher")
                                .optional("GAMMA")
                                .build()));
    flagged.given(
        flagged.create(onboarding(List.of(withOptional))), flagged.message("book a meeting"));

    flagged.when(flagged.calls("scheduler", "{}"));

    assertThat(flagged.state.agent().subagents())
        .extracting(Subagent::name)
        .containsExactly("beta");
  }

  @Test
  void callingAHandoffMakesItTheThreadsAgentAndTheStepGoesOnUnderIt() {
    scenario.given(scenario.create(onboarding(List.of(scheduler()))), scenario.message("hi"));

    scenario.when(scenario.calls("scheduler", "{}"));

    assertThat(scenario.events(AgentHandedOff.class))
        .containsExactly(new AgentHandedOff("onboarding", "scheduler"));
    Values.Message result = scenario.toolResult();
    assertThat(result.isError()).isFalse();
    assertThat(result.content()).contains("\"handedOffTo\":\"scheduler\"");
    AgentSnapshot now = scenario.state.agent();
    assertThat(now.name()).isEqualTo("scheduler");
    assertThat(now.systemPrompt()).isEqualTo("You schedule meetings.");
    assertThat(now.stop().maxSteps()).isEqualTo(7);
    assertThat(now.team()).extracting(AgentSnapshot::name).containsExactly("scheduler");
    // The stored snapshot, frozen with the whole team at creation, is not written again: the
    // thread's state names its agent (a record that cannot grow with the team).
    assertThat(scenario.outputs(Output.StoreAgent.class)).isEmpty();
    scenario.thenRequestsModel(); // the same turn's next step, now the scheduler's
  }

  @Test
  void theNewAgentsToolsRouteTheRestOfTheReply() {
    scenario.given(scenario.create(onboarding(List.of(scheduler()))), scenario.message("hi"));

    scenario.when(
        scenario.reply(null, call("c1", "scheduler", "{}"), call("c2", "echo", "{\"x\":1}")));

    // echo was the onboarding agent's, not the scheduler's: an error result, not a request
    assertThat(scenario.toolResults()).hasSize(2);
    assertThat(scenario.toolResults().get(1).isError()).isTrue();
    assertThat(scenario.toolResults().get(1).content()).contains("unknown tool 'echo'");
  }

  @Test
  void aHandoffToAnAgentNotFrozenWithTheThreadIsAToolError() {
    scenario.given(scenario.create(onboarding(List.of())), scenario.message("hi"));

    scenario.when(scenario.calls("scheduler", "{}"));

    assertThat(scenario.events(AgentHandedOff.class)).isEmpty();
    assertThat(scenario.toolResults().getFirst().isError()).isTrue();
    assertThat(scenario.toolResults().getFirst().content())
        .contains("not defined when this thread started");
    assertThat(scenario.state.agent().name()).isEqualTo("onboarding");
  }
}
