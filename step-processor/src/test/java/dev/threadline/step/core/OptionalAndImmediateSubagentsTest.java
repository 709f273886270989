package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.3: {@code optional} subagents exist only when their flag is set; {@code immediate}
 * subagents run with the first prompt, before the first model step, recursively.
 */
class OptionalAndImmediateSubagentsTest extends SubagentScenario {
  @Test
  void optionalSubagentsAreOfferedOnlyWhenTheirFlagIsTrueOneOrYes() {
    Scenario flags = new Scenario(Map.of("WEB", "Yes", "BETA", "1", "SEARCH", "TRUE", "OFF", "no"));
    AgentSnapshot agent =
        withSubagents(
            flagged("web", "WEB"),
            flagged("beta", "BETA"),
            flagged("search", "SEARCH"),
            flagged("off", "OFF"),
            flagged("unset", "NOT_SET"),
            flagged("always", null));

    flags.when(flags.create(agent));

    assertThat(flags.state.agent().subagents())
        .extracting(Subagent::name)
        .containsExactly("web", "beta", "search", "always");
    assertThat(flags.outputs(Output.StoreAgent.class).getFirst().agent())
        .isEqualTo(flags.state.agent());
    assertThat(ContextAssembler.tools(flags.state.agent()))
        .extracting(RuntimeTools.ToolDef::name)
        .doesNotContain("off", "unset");
  }

  @Test
  void callingADisabledOptionalSubagentIsAnUnknownTool() {
    scenario.given(
        scenario.create(withSubagents(flagged("web", "WEB"))), scenario.message("browse"));

    scenario.when(scenario.calls("web", "{\"message\":\"look\"}"));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    MessageAppended result = scenario.events(MessageAppended.class).get(1);
    assertThat(result.message().isError()).isTrue();
    assertThat(result.message().content()).contains("unknown tool 'web'");
  }

  @Test
  void immediateSubagentsRunWithThePromptBeforeTheFirstModelStep() {
    Subagent triage =
        SubagentBuilder.subagent("triage", "researcher")
            .description("sorts")
            .initUserMessageProperty("task")
            .initAttachmentsProperty("files")
            .immediate(true)
            .build();
    Subagent lazy = flagged("lazy", null);
    scenario.given(scenario.create(withSubagents(triage, lazy)));

    scenario.when(
        scenario.message(
            new InboundMessage(
                Origin.INVOKE,
                null,
                null,
                "sort the inbox",
                Map.of(),
                List.of(new Values.Attachment("inbox.txt", "text/plain", null, null))),
            Enums.Delivery.AUTO));

    Output.SpawnChild spawn = scenario.outputs(Output.SpawnChild.class).getFirst();
    assertThat(spawn.agent().name()).isEqualTo("researcher");
    assertThat(spawn.message()).isEqualTo("sort the inbox");
    assertThat(spawn.attachments())
        .extracting(Values.Attachment::path)
        .containsExactly("inbox.txt");
    assertThat(scenario.outputs(Output.SpawnChild.class)).hasSize(1);
    // the prompt, the call and its "started" result are in the context, then the model runs
    List<MessageAppended> messages = scenario.events(MessageAppended.class);
    assertThat(messages).hasSize(3);
    assertThat(messages.get(1).message().toolCalls())
        .singleElement()
        .satisfies(c -> assertThat(c.name()).isEqualTo("triage"));
    scenario.thenRequestsModel();
    assertThat(all(scenario).indexOf(spawn))
        .isLessThan(all(scenario).indexOf(scenario.outputs(Output.RequestModel.class).getFirst()));
  }

  @Test
  void immediateSubagentsRunOnlyOnTheFirstTurn() {
    Subagent triage =
        SubagentBuilder.subagent("triage", "researcher").maxInstances(5).immediate(true).build();
    scenario.given(
        scenario.create(withSubagents(triage)), scenario.message("first"), scenario.reply("done"));

    scenario.when(scenario.message("second"));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    scenario.thenRequestsModel();
  }

  /** A fork of {@code agent} seeded with {@code copies}, then sent a message. */
  private static Scenario forkSeededWith(AgentSnapshot agent, List<Values.Message> copies) {
    Scenario fork = new Scenario().onThread("t-2");
    fork.given(
        new Input.CreateFork(
            fork.nextCommandId(),
            Scenario.TENANT,
            "t-2",
            fork.tick(),
            new Forks.Birth("lead", agent, Map.of(), Map.of(), Scenario.THREAD, 7, 1)),
        new Input.ForkSeed(
            fork.nextCommandId(),
            Scenario.TENANT,
            fork.tick(),
            new Forks.Seed(Scenario.THREAD, 0, copies, Map.of())));
    fork.when(fork.message("and then?"));
    return fork;
  }

  /** A fork goes on from a conversation whose prompt its source had: it started them then. */
  @Test
  void aForkOfAConversationRunsNoImmediateSubagentsAgainAndAForkFromItsStartDoes() {
    AgentSnapshot agent =
        withSubagents(SubagentBuilder.subagent("triage", "researcher").immediate(true).build());
    List<Values.Message> conversation =
        List.of(
            Values.Message.user(InboundMessage.invoke("first")),
            Values.Message.assistant("done", List.of()));

    Scenario ofConversation = forkSeededWith(agent, conversation);
    assertThat(ofConversation.outputs(Output.SpawnChild.class)).isEmpty();
    ofConversation.thenRequestsModel();

    Scenario fromStart = forkSeededWith(agent, List.of());
    assertThat(fromStart.outputs(Output.SpawnChild.class)).hasSize(1);
  }

  @Test
  void aChildRunsItsOwnImmediateSubagentsWhenItsPromptArrives() {
    Subagent triage = SubagentBuilder.subagent("triage", "researcher").immediate(true).build();

    scenario.when(
        new Input.CreateThread(
            scenario.nextCommandId(),
            Scenario.TENANT,
            "t-1/research-1.1.0",
            scenario.tick(),
            "researcher",
            withSubagents(triage),
            InboundMessage.invoke("dig into kafka"),
            Map.of(),
            new ParentRef("t-1", "research", "research", false, false, 1, 10),
            Map.of()));

    Output.SpawnChild grandchild = scenario.outputs(Output.SpawnChild.class).getFirst();
    assertThat(grandchild.childThreadId()).isEqualTo("t-1/research-1.1.0/triage-1.0.0");
    assertThat(grandchild.message()).isEqualTo("dig into kafka");
    assertThat(grandchild.parent().parentThreadId()).isEqualTo("t-1/research-1.1.0");
  }

  @Test
  void immediateSubagentsShareWhatAReplyMayHoldAndALongerPromptIsCutForEach() {
    List<Subagent> four = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      four.add(SubagentBuilder.subagent("w" + i, "researcher").immediate(true).build());
    }
    scenario.given(scenario.create(withSubagents(four.toArray(Subagent[]::new))));
    String prompt = "é".repeat(120_000); // 240,000 bytes: one copy fits a reply, four do not

    scenario.when(scenario.message(prompt));

    long share = MachineConfig.defaults().limits().modelOutputBytes() / 4;
    assertThat(scenario.outputs(Output.SpawnChild.class))
        .hasSize(4)
        .allSatisfy(
            spawn -> {
              assertThat(prompt).startsWith(spawn.message().substring(0, 1_000));
              assertThat(spawn.message()).endsWith("other immediate subagents' tasks]");
              assertThat(Sizes.of(Values.InboundMessage.invoke(spawn.message()))).isLessThan(share);
            });
    assertThat(scenario.events(MessageAppended.class).getFirst().message().content())
        .as("the thread keeps the whole message")
        .isEqualTo(prompt);
  }
}
