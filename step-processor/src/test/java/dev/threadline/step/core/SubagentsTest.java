package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.AgentSnapshot.ContextBudget;
import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Event.ChildStatusUpdated;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.SubagentCreated;
import dev.threadline.step.core.Event.ThreadTerminated;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spec §7–8: subagents as child threads, the parent's registry, reporting back. */
class SubagentsTest {
  private final Scenario scenario = new Scenario();

  /** A parent with a research and a resumable helper subagent, its first model call pending. */
  private void givenParentRunning() {
    scenario.given(scenario.create(parentAgent(false)), scenario.message("go"));
  }

  /** That parent's model called {@code calls}. */
  private void givenParentCalling(ToolCall... calls) {
    scenario.given(
        scenario.create(parentAgent(false)), scenario.message("go"), scenario.reply(null, calls));
  }

  static AgentSnapshot parentAgent(boolean explicit) {
    return AgentSnapshot.of(
            "boss",
            Scenario.TENANT,
            new ModelConfig("scripted", null, "{}"),
            "lead",
            new StopRules(true, null, 20, null),
            Lane.TASK,
            new ContextBudget(null, null),
            Scenario.T0)
        .with(
            b -> {
              b.tools = List.of(new AgentTool("echo", Permission.ALLOW, null, null));
              b.subagents =
                  List.of(
                      SubagentBuilder.subagent("research", "researcher")
                          .description("digs")
                          .explicitCommunication(explicit)
                          .build(),
                      SubagentBuilder.subagent("helper", "assistant")
                          .resumable(true)
                          .maxInstances(2)
                          .build());
              b.team = List.of(Scenario.plain("researcher"), Scenario.plain("assistant"));
            });
  }

  private Input.CreateThread createChild(boolean resumable, boolean explicit) {
    return new Input.CreateThread(
        scenario.nextCommandId(),
        Scenario.TENANT,
        "t-1/research-1.1.0",
        scenario.tick(),
        "researcher",
        Scenario.agent(),
        InboundMessage.invoke("dig into kafka"),
        Map.of(),
        new ParentRef("t-1", "research", "research", resumable, explicit));
  }

  private Input.ChildUpdate update(
      String childId, ChildReport kind, String status, String content) {
    return new Input.ChildUpdate(
        scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), childId, kind, status, content);
  }

  @Test
  void callingASubagentToolStartsAChildThreadAndRegistersIt() {
    scenario.given(scenario.create(parentAgent(false)), scenario.message("research kafka"));

    scenario.when(
        scenario.reply(null, call("c1", "research", "{\"message\":\"what is KIP-932?\"}")));

    Output.SpawnChild spawn = scenario.outputs(Output.SpawnChild.class).getFirst();
    assertThat(spawn.childThreadId()).isEqualTo("t-1/research-1.1.0");
    assertThat(spawn.agent().name()).isEqualTo("researcher");
    assertThat(spawn.message()).isEqualTo("what is KIP-932?");
    assertThat(spawn.parent())
        .isEqualTo(new ParentRef("t-1", "research", "research", false, false));
    assertThat(scenario.state.children().entries())
        .containsExactly(
            new ChildEntry(
                "t-1/research-1.1.0",
                "research",
                "research",
                false,
                ChildStatus.RUNNING,
                null,
                1,
                null));
    assertThat(scenario.events(SubagentCreated.class)).hasSize(1);
    assertThat(scenario.events(MessageAppended.class).get(1).message().content())
        .contains("\"status\":\"started\"");
  }

  @Test
  void aSubagentAtItsMaxInstancesIsNoLongerOfferedToTheModel() {
    givenParentRunning();
    assertThat(offered()).contains("research", "subagent_create");

    scenario.when(scenario.reply(null, call("c1", "research", "{\"message\":\"a\"}")));

    assertThat(offered()).doesNotContain("research").contains("subagent_create", "echo");
  }

  @Test
  void subagentCreateIsHiddenWhenEveryResumableSubagentIsAtItsMaxInstances() {
    givenParentCalling(
        call(
            "c1", "subagent_create", "{\"subagent\":\"helper\",\"name\":\"h1\",\"message\":\"a\"}"),
        call(
            "c2",
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"h2\",\"message\":\"b\"}"));

    assertThat(offered()).doesNotContain("subagent_create").contains("subagent_message");
  }

  @Test
  void aMessageToAResumableSubagentThatReceivesAsSideBSaysSo() {
    AgentSnapshot parent = parentAgent(false);
    Subagent pair =
        SubagentBuilder.subagent("pair", "assistant").resumable(true).receivesSideB(true).build();
    AgentSnapshot withPair = parent.with(b -> b.subagents = List.of(pair));
    scenario.given(
        scenario.create(withPair),
        scenario.message("go"),
        scenario.reply(
            null,
            call(
                "c1",
                "subagent_create",
                "{\"subagent\":\"pair\",\"name\":\"p1\",\"message\":\"a\"}")),
        update("t-1/pair-1.1.0", ChildReport.COMPLETED, "completed", "done"));

    scenario.when(
        scenario.reply(
            null, call("c2", "subagent_message", "{\"name\":\"p1\",\"message\":\"more\"}")));

    assertThat(scenario.outputs(Output.MessageChild.class))
        .singleElement()
        .satisfies(m -> assertThat(m.asSideB()).isTrue());
  }

  private List<String> offered() {
    return ContextAssembler.offered(scenario.state).stream()
        .map(RuntimeTools.ToolDef::name)
        .toList();
  }

  @Test
  void creatingMoreThanMaxInstancesIsAToolErrorWithGuidance() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));

    scenario.when(scenario.reply(null, call("c2", "research", "{\"message\":\"b\"}")));

    MessageAppended result = scenario.events(MessageAppended.class).get(1);
    assertThat(result.message().isError()).isTrue();
    assertThat(result.message().content())
        .contains("maxInstances")
        .contains("wait until one finishes");
    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
  }

  @Test
  void subagentCreateNeedsANonEmptyName() {
    givenParentRunning();

    scenario.when(
        scenario.reply(
            null,
            call(
                "c1",
                "subagent_create",
                "{\"subagent\":\"helper\",\"name\":\" \",\"message\":\"x\"}")));

    assertThat(scenario.events(MessageAppended.class).get(1).message().content())
        .contains("non-empty 'name'");
  }

  @Test
  void aResumableSubagentIsCreatedByNameAndMessagedLater() {
    givenParentCalling(
        call(
            "c1",
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"look around\"}"));
    assertThat(scenario.state.children().entries())
        .singleElement()
        .satisfies(c -> assertThat(c.name()).isEqualTo("scout"));

    scenario.when(
        scenario.reply(
            null,
            call("c2", "subagent_message", "{\"name\":\"scout\",\"message\":\"look harder\"}")));

    assertThat(scenario.outputs(Output.MessageChild.class))
        .containsExactly(new Output.MessageChild("t-1/helper-1.1.0", "look harder"));
  }

  @Test
  void aSubagentWhoseAgentWasNotFrozenWithTheParentFailsTheCallAndItsEntry() {
    Subagent ghostly = SubagentBuilder.subagent("ghostly", "ghost").description("haunts").build();
    scenario.given(scenario.create(withSubagents(ghostly)), scenario.message("go"));

    scenario.when(scenario.reply(null, call("c1", "ghostly", "{\"message\":\"boo\"}")));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    Values.Message result = scenario.events(MessageAppended.class).get(1).message();
    assertThat(result.isError()).isTrue();
    assertThat(result.content()).contains("agent 'ghost' was not defined");
    assertThat(scenario.state.children().entries())
        .singleElement()
        .satisfies(c -> assertThat(c.status()).isEqualTo(ChildStatus.FAILED));
  }

  @Test
  void aChildIsCreatedFromTheDefinitionFrozenWithItsParent() {
    givenParentRunning();

    scenario.when(scenario.reply(null, call("c1", "research", "{\"message\":\"a\"}")));

    assertThat(scenario.outputs(Output.SpawnChild.class))
        .singleElement()
        .satisfies(
            spawn -> {
              assertThat(spawn.agent().name()).isEqualTo("researcher");
              assertThat(spawn.agent().team()).isEqualTo(parentAgent(false).team());
            });
  }

  @Test
  void aTaskTheChildWouldRefuseIsAToolError() {
    Scenario small = new Scenario(MachineConfig.defaults().withLimits(l -> l.withMessageBytes(10)));
    small.given(small.create(parentAgent(false)), small.message("go"));

    small.when(small.reply(null, call("c1", "research", "{\"message\":\"far too long a task\"}")));

    assertThat(small.outputs(Output.SpawnChild.class)).isEmpty();
    assertThat(small.events(MessageAppended.class).get(1).message().content())
        .contains("the limit is 10");
  }

  /** Spec §8.1: files travel with more work for a resumable child (the shell copies them). */
  @Test
  void subagentMessageCarriesItsAttachments() {
    givenParentCalling(
        call(
            "c1",
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"look around\"}"));

    scenario.when(
        scenario.reply(
            null,
            call(
                "c2",
                "subagent_message",
                "{\"name\":\"scout\",\"message\":\"read this\",\"attachments\":[\"notes.md\"]}")));

    assertThat(scenario.outputs(Output.MessageChild.class))
        .singleElement()
        .satisfies(
            m ->
                assertThat(m.attachments())
                    .extracting(Values.Attachment::path)
                    .containsExactly("notes.md"));
  }

  @Test
  void subagentCreateWithoutAMessageIsAToolError() {
    givenParentRunning();

    scenario.when(
        scenario.reply(
            null, call("c1", "subagent_create", "{\"subagent\":\"helper\",\"name\":\"scout\"}")));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    assertThat(scenario.events(MessageAppended.class).get(1).message().content())
        .contains("non-empty 'message'");
  }

  /** Tool results built from a model's names are JSON that parses, whatever the name holds. */
  @Test
  void aChildNamedWithQuotesAndBackslashesIsReportedAsValidJson() throws Exception {
    givenParentRunning();

    scenario.when(
        scenario.reply(
            null,
            call(
                "c1",
                "subagent_create",
                "{\"subagent\":\"helper\",\"name\":\"a\\\"b\\\\c\",\"message\":\"go\"}")));

    String result = scenario.events(MessageAppended.class).get(1).message().content();
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(result);
    assertThat(json.path("name").asText()).isEqualTo("a\"b\\c");
    assertThat(json.path("status").asText()).isEqualTo("started");
  }

  @Test
  void aChildIsCreatedWithItsParentLink() {
    scenario.when(createChild(false, false));

    assertThat(scenario.state.parent().parentThreadId()).isEqualTo("t-1");
    assertThat(scenario.events(Event.ThreadCreated.class).getFirst().parentThreadId())
        .isEqualTo("t-1");
    scenario.thenRequestsModel();
  }

  @Test
  void aNonResumableChildReportsItsResultAndIsAutoTerminated() {
    scenario.given(createChild(false, false));

    scenario.when(
        scenario.reply(
            null, call("c1", "sessionStop", "{\"result\":\"KIP-932 adds share groups\"}")));

    assertThat(scenario.outputs(Output.NotifyParent.class))
        .containsExactly(
            new Output.NotifyParent(
                "t-1",
                ChildReport.COMPLETED,
                "completed",
                "{\"result\":\"KIP-932 adds share groups\"}"));
    scenario.thenStatus(Status.TERMINATED);
    assertThat(scenario.events(ThreadTerminated.class)).hasSize(1);
  }

  @Test
  void withExplicitCommunicationCompletionStillReachesTheParentsRegistry() {
    scenario.given(createChild(false, true));

    scenario.when(scenario.reply(null, call("c1", "sessionStop", "{}")));

    // The parent's registry must hear (it frees a maxInstances slot); the parent decides, from its
    // own subagent spec, not to tell its model (ChildReportsTest).
    assertThat(scenario.outputs(Output.NotifyParent.class))
        .singleElement()
        .satisfies(n -> assertThat(n.kind()).isEqualTo(ChildReport.COMPLETED));
  }

  @Test
  void sessionStatusUpdatesTheParentWithoutStoppingTheChild() {
    scenario.given(createChild(false, true));

    scenario.when(scenario.reply(null, call("c1", "sessionStatus", "{\"status\":\"halfway\"}")));

    assertThat(scenario.outputs(Output.NotifyParent.class))
        .singleElement()
        .satisfies(
            n -> {
              assertThat(n.kind()).isEqualTo(ChildReport.STATUS);
              assertThat(n.status()).isEqualTo("halfway");
            });
    scenario.thenStatus(Status.RUNNING);
  }

  @Test
  void aResumableChildStaysUsableAfterReporting() {
    scenario.given(createChild(true, false));

    scenario.when(scenario.reply(null, call("c1", "sessionStop", "{\"result\":1}")));

    assertThat(scenario.outputs(Output.NotifyParent.class)).hasSize(1);
    scenario.thenStatus(Status.IDLE);
  }

  @Test
  void aTerminatedChildIsReportedToItsParent() {
    scenario.given(createChild(false, false));

    scenario.when(scenario.terminate());

    assertThat(scenario.outputs(Output.NotifyParent.class))
        .singleElement()
        .satisfies(n -> assertThat(n.kind()).isEqualTo(ChildReport.TERMINATED));
  }

  @Test
  void aChildsResultReachesTheParentAsAQueuedMessageAndUpdatesTheRegistry() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));
    scenario.given(scenario.reply("waiting for research"));

    scenario.when(
        update("t-1/research-1.1.0", ChildReport.COMPLETED, "completed", "{\"result\":\"done\"}"));

    assertThat(scenario.state.children().entries())
        .singleElement()
        .satisfies(c -> assertThat(c.status()).isEqualTo(ChildStatus.COMPLETED));
    assertThat(scenario.events(ChildStatusUpdated.class))
        .containsExactly(
            new ChildStatusUpdated("t-1/research-1.1.0", ChildReport.COMPLETED, "completed"));
    assertThat(scenario.events(TurnStarted.class).getFirst().trigger()).isEqualTo(Trigger.SUBAGENT);
    var delivered = scenario.events(MessageAppended.class).getFirst().message();
    assertThat(delivered.origin()).isEqualTo(Origin.TASK);
    assertThat(delivered.content())
        .isEqualTo("[subagent research completed] {\"result\":\"done\"}");
  }

  @Test
  void aStatusUpdateOnlyChangesTheRegistry() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));
    scenario.given(scenario.reply("ok"));

    scenario.when(update("t-1/research-1.1.0", ChildReport.STATUS, "halfway", null));

    assertThat(scenario.state.children().entries().getFirst().sessionStatus()).isEqualTo("halfway");
    assertThat(scenario.events(TurnStarted.class)).isEmpty();
  }

  @Test
  void anUpdateFromAnUnknownChildIsRejected() {
    scenario.given(scenario.create(parentAgent(false)));

    scenario.when(update("t-1/ghost", ChildReport.COMPLETED, "completed", "{}"));

    scenario.thenRejected("no child thread");
  }

  @Test
  void subagentToolsAreOfferedToTheModel() {
    var tools =
        ContextAssembler.tools(parentAgent(false)).stream()
            .map(RuntimeTools.ToolDef::name)
            .toList();

    assertThat(tools)
        .contains("research", "subagent_create", "subagent_message")
        .doesNotContain("helper");
  }

  @Test
  void aToolOfAChildCanNotifyTheParentAndSetItsStatusEvenWithExplicitCommunication() {
    scenario.given(createChild(false, true), scenario.reply(null, call("c1", "echo", "{}")));

    scenario.when(
        new Input.ToolResultReceived(
            scenario.pendingId(),
            0,
            scenario.tick(),
            "{}",
            null,
            3,
            List.of(
                new Values.ToolEffect("notify_parent", "found a lead"),
                new Values.ToolEffect("set_status", "digging"))));

    assertThat(scenario.outputs(Output.NotifyParent.class))
        .containsExactly(
            new Output.NotifyParent("t-1", ChildReport.NOTIFY, "notify", "found a lead"),
            new Output.NotifyParent("t-1", ChildReport.STATUS, "digging", null));
  }

  @Test
  void aNotificationFromAChildBecomesAQueuedMessageAndKeepsItsStatus() {
    givenParentCalling(call("c1", "research", "{\"message\":\"a\"}"));
    scenario.given(scenario.reply("ok"));

    scenario.when(update("t-1/research-1.1.0", ChildReport.NOTIFY, "notify", "found a lead"));

    assertThat(scenario.state.children().entries().getFirst().status())
        .isEqualTo(ChildStatus.RUNNING);
    assertThat(scenario.events(MessageAppended.class).getFirst().message().content())
        .isEqualTo("[subagent research notify] found a lead");
  }

  @Test
  void attachmentsTravelWithTheTaskAndWithTheResult() {
    givenParentRunning();
    scenario.when(
        scenario.reply(
            null,
            call(
                "c1",
                "subagent_create",
                "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"read this\",\"attachments\":[\"docs/spec.md\",{\"path\":\"img/a.png\",\"mediaType\":\"image/png\"},\"../etc/passwd\"]}")));
    assertThat(scenario.outputs(Output.SpawnChild.class).getFirst().attachments())
        .extracting(Values.Attachment::path)
        .containsExactly("docs/spec.md", "img/a.png");

    Scenario child = new Scenario();
    child.given(
        new Input.CreateThread(
            "c-1",
            Scenario.TENANT,
            "t-1/helper-1.1.0",
            child.tick(),
            "assistant",
            Scenario.agent(),
            InboundMessage.invoke("read this"),
            Map.of(),
            new ParentRef("t-1", "helper", "scout", false, false)));
    child.when(
        child.reply(
            null,
            call(
                "s1", "sessionStop", "{\"result\":\"done\",\"attachments\":[\"out/report.md\"]}")));
    assertThat(child.outputs(Output.NotifyParent.class).getFirst().attachments())
        .extracting(Values.Attachment::path)
        .containsExactly("out/report.md");

    scenario.when(
        new Input.ChildUpdate(
            scenario.nextCommandId(),
            Scenario.TENANT,
            scenario.tick(),
            "t-1/helper-1.1.0",
            ChildReport.COMPLETED,
            "completed",
            "{}",
            List.of(new Values.Attachment("out/report.md", null, null, 12L))));
    assertThat(
            scenario.state.queue().isEmpty()
                ? scenario.events(MessageAppended.class).getFirst().message().attachments()
                : ((Queued.QueuedMessage) scenario.state.queue().getLast()).message().attachments())
        .extracting(Values.Attachment::path)
        .containsExactly("out/report.md");
  }

  static AgentSnapshot withSubagents(Subagent... subagents) {
    AgentSnapshot base = parentAgent(false);
    return base.with(b -> b.subagents = List.of(subagents));
  }

  private static Subagent flagged(String name, String flag) {
    return SubagentBuilder.subagent(name, "researcher").optional(flag).build();
  }

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

    scenario.when(scenario.reply(null, call("c1", "web", "{\"message\":\"look\"}")));

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
            new ParentRef("t-1", "research", "research", false, false, 1, 10)));

    Output.SpawnChild grandchild = scenario.outputs(Output.SpawnChild.class).getFirst();
    assertThat(grandchild.childThreadId()).isEqualTo("t-1/research-1.1.0/triage-1.0.0");
    assertThat(grandchild.message()).isEqualTo("dig into kafka");
    assertThat(grandchild.parent().parentThreadId()).isEqualTo("t-1/research-1.1.0");
  }

  private static List<Output> all(Scenario s) {
    return s.all;
  }
}
