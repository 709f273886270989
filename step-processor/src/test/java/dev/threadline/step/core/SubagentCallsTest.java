package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.SubagentCreated;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.1: a declared subagent called as a tool starts a child thread from the definition frozen
 * with its parent, registered in the parent, bounded by its {@code maxInstances}; every refusal is
 * a tool error with guidance.
 */
class SubagentCallsTest extends SubagentScenario {
  @Test
  void callingASubagentToolStartsAChildThreadAndRegistersIt() {
    scenario.given(scenario.create(parentAgent(false)), scenario.message("research kafka"));

    scenario.when(scenario.calls("research", "{\"message\":\"what is KIP-932?\"}"));

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

    scenario.when(scenario.calls("research", "{\"message\":\"a\"}"));

    assertThat(offered()).doesNotContain("research").contains("subagent_create", "echo");
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
  void aSubagentWhoseAgentWasNotFrozenWithTheParentFailsTheCallAndItsEntry() {
    Subagent ghostly = SubagentBuilder.subagent("ghostly", "ghost").description("haunts").build();
    scenario.given(scenario.create(withSubagents(ghostly)), scenario.message("go"));

    scenario.when(scenario.calls("ghostly", "{\"message\":\"boo\"}"));

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

    scenario.when(scenario.calls("research", "{\"message\":\"a\"}"));

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

    small.when(small.calls("research", "{\"message\":\"far too long a task\"}"));

    assertThat(small.outputs(Output.SpawnChild.class)).isEmpty();
    assertThat(small.events(MessageAppended.class).get(1).message().content())
        .contains("the limit is 10");
  }

  /** Tool results built from a model's names are JSON that parses, whatever the name holds. */
  @Test
  void aChildNamedWithQuotesAndBackslashesIsReportedAsValidJson() throws Exception {
    givenParentRunning();

    scenario.when(
        scenario.calls(
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"a\\\"b\\\\c\",\"message\":\"go\"}"));

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

  /** The model can only pass what the tool's schema names: the task, and the init properties. */
  @Test
  void aSubagentsToolSchemaNamesItsTaskAttachmentsAndNameProperties() throws Exception {
    Subagent vault =
        SubagentBuilder.subagent("vault", "researcher")
            .initUserMessageProperty("task")
            .initAttachmentsProperty("files")
            .initAgentNameProperty("as")
            .build();

    var schema =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(RuntimeTools.subagentTool(vault).parametersJson());

    assertThat(schema.path("properties").path("task").path("type").asText()).isEqualTo("string");
    assertThat(schema.path("properties").path("files").path("type").asText()).isEqualTo("array");
    assertThat(schema.path("properties").path("as").path("type").asText()).isEqualTo("string");
    assertThat(schema.path("required").toString()).isEqualTo("[\"task\"]");
  }

  @Test
  void aBlankNameGivenThroughTheNamePropertyNamesTheChildAfterItsSubagent() {
    Subagent named =
        SubagentBuilder.subagent("research", "researcher").initAgentNameProperty("as").build();
    scenario.given(
        scenario.create(parentAgent(false).with(b -> b.subagents = java.util.List.of(named))),
        scenario.message("go"));

    scenario.when(scenario.calls("research", "{\"message\":\"dig\",\"as\":\"  \"}"));

    assertThat(scenario.state.children().entries())
        .singleElement()
        .satisfies(c -> assertThat(c.name()).isEqualTo("research"));
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
  void attachmentsTravelWithTheTaskAndWithTheResult() {
    givenParentRunning();
    scenario.when(
        scenario.calls(
            "subagent_create",
            "{\"subagent\":\"helper\",\"name\":\"scout\",\"message\":\"read this\",\"attachments\":[\"docs/spec.md\",{\"path\":\"img/a.png\",\"mediaType\":\"image/png\"},\"../etc/passwd\"]}"));
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
            TestAgents.agent(),
            InboundMessage.invoke("read this"),
            Map.of(),
            new ParentRef("t-1", "helper", "scout", false, false),
            Map.of()));
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
}
