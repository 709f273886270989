package dev.threadline.step.core;

import static dev.threadline.step.core.Scenario.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Event.SubagentCreated;
import dev.threadline.step.core.Event.SubagentVariablesProvided;
import dev.threadline.step.core.Event.SubagentVariablesRequired;
import dev.threadline.step.core.Event.TurnStarted;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.3–7.5: what env a child starts with (inherited, less its agent's scoped variables, plus
 * the sealed values its entry's {@code scopedEnv} copies), the {@code immediate} object form's name
 * and description hints, and a subagent held back for missing variables until its variables request
 * is completed.
 */
class ScopedVariablesTest {
  private static final String SEALED_KEY = "tlsec1:cmVwby1rZXk";
  private static final String SEALED_TOKEN = "tlsec1:dG9rZW4";
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Scenario scenario = new Scenario();

  private static final Map<String, Env.Value> PARENT_ENV =
      Map.of(
          "CITY", new Env.Value("Lisbon", false),
          "TOKEN", new Env.Value(SEALED_TOKEN, true),
          "REPO_KEY", new Env.Value(SEALED_KEY, true),
          "PROJECT", new Env.Value("Apollo", false),
          "BRIEF", new Env.Value("Map the launch checklist", false));

  private static Subagent research(boolean immediate, Subagent.Bootstrap bootstrap) {
    return SubagentBuilder.subagent("research", "researcher")
        .description("digs")
        .maxInstances(2)
        .immediate(immediate)
        .blocking(true)
        .bootstrap(bootstrap)
        .build();
  }

  /** A researcher that declares REPO_KEY (secret) and CITY scoped; {@code required}: REPO_KEY. */
  private static AgentSnapshot researcher(boolean required) {
    return EnvTest.withEnv(
        TestAgents.plain("researcher"),
        "research",
        new Env.Spec(
            List.of(
                new Env.Variable("REPO_KEY", true, required, "the repository's key", true),
                new Env.Variable("CITY", false, false, null, true)),
            Map.of(),
            Map.of(),
            Map.of()));
  }

  private static AgentSnapshot parent(Subagent entry, AgentSnapshot child) {
    AgentSnapshot a = TestAgents.named("boss", null, "lead");
    return a.with(
        b -> {
          b.subagents = List.of(entry);
          b.team = List.of(child);
        });
  }

  private Input.CreateThread create(AgentSnapshot agent) {
    return new Input.CreateThread(
        scenario.nextCommandId(),
        Scenario.TENANT,
        Scenario.THREAD,
        scenario.tick(),
        agent.name(),
        agent,
        null,
        Map.of(),
        null,
        PARENT_ENV);
  }

  private void givenTheModelCalls(AgentSnapshot parent) {
    scenario.given(create(parent), scenario.message("research kafka"));
    scenario.when(scenario.calls("research", "{\"message\":\"KIP-932?\"}"));
  }

  private Input.ProvideVariables provide(String requestId, Map<String, Env.Value> env) {
    return new Input.ProvideVariables(
        scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), requestId, env);
  }

  @Test
  void aChildInheritsItsParentsEnvButNotTheVariablesItsAgentDeclaresScoped() {
    givenTheModelCalls(parent(research(false, null), researcher(false)));

    assertThat(scenario.outputs(Output.SpawnChild.class))
        .singleElement()
        .satisfies(
            s ->
                assertThat(s.env())
                    .containsOnlyKeys("TOKEN", "PROJECT", "BRIEF")
                    .containsEntry("TOKEN", new Env.Value(SEALED_TOKEN, true)));
  }

  @Test
  void scopedEnvCopiesTheParentsSealedValuesIntoEachChildButNeverAText() {
    var bootstrap = new Subagent.Bootstrap(null, null, List.of("REPO_KEY", "CITY"));
    givenTheModelCalls(parent(research(false, bootstrap), researcher(true)));

    assertThat(scenario.outputs(Output.SpawnChild.class))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.env()).containsEntry("REPO_KEY", new Env.Value(SEALED_KEY, true));
              assertThat(s.env()).doesNotContainKey("CITY");
            });
  }

  @Test
  void theImmediateObjectFormNamesAndDescribesEachChildWithTextValuesOnly() {
    var bootstrap = new Subagent.Bootstrap("PROJECT", "BRIEF", List.of("REPO_KEY"));
    scenario.given(create(parent(research(true, bootstrap), researcher(true))));

    scenario.when(scenario.message("go"));

    assertThat(scenario.outputs(Output.SpawnChild.class))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.parent().childName()).isEqualTo("Apollo");
              assertThat(s.message()).isEqualTo("go");
              assertThat(s.metadata()).containsEntry("description", "Map the launch checklist");
            });
  }

  @Test
  void aSecretNamedAsNameEnvIsNeverShown() {
    var bootstrap = new Subagent.Bootstrap("TOKEN", "REPO_KEY", List.of("REPO_KEY"));
    givenTheModelCalls(parent(research(false, bootstrap), researcher(true)));

    assertThat(scenario.outputs(Output.SpawnChild.class))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.parent().childName()).isEqualTo("research");
              assertThat(s.metadata()).doesNotContainKey("description");
            });
    assertThat(scenario.allEvents().toString()).doesNotContain(SEALED_TOKEN, SEALED_KEY);
  }

  @Test
  void aChildMissingRequiredVariablesIsHeldBackAndTheCallGetsAStructuredError() throws Exception {
    givenTheModelCalls(parent(research(false, null), researcher(true)));

    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
    SubagentVariablesRequired required =
        scenario.events(SubagentVariablesRequired.class).getFirst();
    assertThat(required.subagent()).isEqualTo("research");
    assertThat(required.variables()).extracting(Env.Variable::name).containsExactly("REPO_KEY");
    Values.Message result = scenario.toolResults().getFirst();
    assertThat(result.isError()).isTrue();
    JsonNode error = JSON.readTree(result.content());
    assertThat(error.path("error").asText()).isEqualTo("variables_required");
    assertThat(error.path("requestId").asText()).isEqualTo(required.requestId());
    assertThat(error.path("variables").get(0).path("type").asText()).isEqualTo("secret");
    assertThat(scenario.state.deferred()).singleElement();
    // the parent's step goes on: its model hears the error
    scenario.thenRequestsModel();
  }

  @Test
  void providingTheVariablesStartsTheSubagentWhoseResultArrivesAsAMessage() {
    givenTheModelCalls(parent(research(false, null), researcher(true)));
    String requestId = scenario.state.deferred().getFirst().requestId();
    scenario.when(scenario.reply("waiting for the key"));

    scenario.when(provide(requestId, Map.of("REPO_KEY", new Env.Value(SEALED_KEY, true))));

    Output.SpawnChild spawn = scenario.outputs(Output.SpawnChild.class).getFirst();
    assertThat(spawn.env()).containsEntry("REPO_KEY", new Env.Value(SEALED_KEY, true));
    assertThat(spawn.message()).isEqualTo("KIP-932?");
    assertThat(spawn.childThreadId()).isEqualTo("t-1/research-" + requestId);
    assertThat(scenario.events(SubagentCreated.class))
        .singleElement()
        .satisfies(c -> assertThat(c.blocking()).isFalse());
    assertThat(scenario.events(SubagentVariablesProvided.class))
        .containsExactly(new SubagentVariablesProvided(requestId, spawn.childThreadId()));
    assertThat(scenario.state.deferred()).isEmpty();

    scenario.when(
        scenario.childUpdate(
            spawn.childThreadId(), ChildReport.COMPLETED, "completed", "share groups"));
    assertThat(scenario.events(TurnStarted.class)).hasSize(1);
  }

  @Test
  void anIncompleteProvisionIsRefusedAndTheRequestStaysOpen() {
    givenTheModelCalls(parent(research(false, null), researcher(true)));
    String requestId = scenario.state.deferred().getFirst().requestId();

    scenario.when(provide(requestId, Map.of()));
    scenario.thenRejected("missing required variables: REPO_KEY");

    scenario.when(provide(requestId, Map.of("REPO_KEY", new Env.Value("plain", false))));
    scenario.thenRejected("REPO_KEY is a secret");
    assertThat(scenario.state.deferred()).singleElement();
    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
  }

  @Test
  void aCompletedOrUnknownRequestIsRefused() {
    givenTheModelCalls(parent(research(false, null), researcher(true)));
    String requestId = scenario.state.deferred().getFirst().requestId();
    var key = Map.of("REPO_KEY", new Env.Value(SEALED_KEY, true));
    scenario.given(provide(requestId, key));

    scenario.when(provide(requestId, key));

    scenario.thenRejected("no variables request '" + requestId + "' is open");
    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
  }

  @Test
  void aResumableSubagentHeldBackStartsUnderItsNameAndTheNameStaysTaken() {
    Subagent resumable =
        SubagentBuilder.subagent("research", "researcher")
            .description("digs")
            .resumable(true)
            .maxInstances(2)
            .build();
    scenario.given(create(parent(resumable, researcher(true))), scenario.message("go"));
    String create = "{\"subagent\":\"research\",\"name\":\"scout\",\"message\":\"dig\"}";
    scenario.when(scenario.reply(null, call("c1", RuntimeTools.SUBAGENT_CREATE, create)));
    String requestId = scenario.state.deferred().getFirst().requestId();

    scenario.when(scenario.reply(null, call("c2", RuntimeTools.SUBAGENT_CREATE, create)));
    assertThat(scenario.toolResults().getFirst().content()).contains("already exists");

    scenario.when(provide(requestId, Map.of("REPO_KEY", new Env.Value(SEALED_KEY, true))));
    Output.SpawnChild spawn = scenario.outputs(Output.SpawnChild.class).getFirst();
    assertThat(spawn.parent().childName()).isEqualTo("scout");
    assertThat(spawn.parent().resumable()).isTrue();
  }

  @Test
  void aRequestWhoseSubagentIsNoLongerTheThreadsAfterAHandoffIsClosed() {
    AgentSnapshot lead = parent(research(false, null), researcher(true));
    AgentSnapshot handsOff =
        lead.with(
            b -> {
              b.team = List.of(researcher(true), HandoffsTest.scheduler());
              b.handoffs = List.of(new AgentSnapshot.Handoff("scheduler", null));
            });
    givenTheModelCalls(handsOff);
    String requestId = scenario.state.deferred().getFirst().requestId();
    scenario.when(scenario.reply(null, call("c2", "scheduler", "{}")));

    scenario.when(provide(requestId, Map.of("REPO_KEY", new Env.Value(SEALED_KEY, true))));

    scenario.thenRejected("no longer this thread's");
    assertThat(scenario.state.deferred()).isEmpty();
    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
  }

  @Test
  void terminatingTheParentClosesItsVariablesRequests() {
    givenTheModelCalls(parent(research(false, null), researcher(true)));
    String requestId = scenario.state.deferred().getFirst().requestId();
    scenario.given(scenario.terminate());

    assertThat(scenario.state.deferred()).isEmpty();
    scenario.when(provide(requestId, Map.of("REPO_KEY", new Env.Value(SEALED_KEY, true))));
    assertThat(scenario.events(Event.CommandRejected.class)).hasSize(1);
    assertThat(scenario.outputs(Output.SpawnChild.class)).isEmpty();
  }

  @Test
  void atMostEightSubagentsWaitForVariablesAtOnce() {
    scenario.given(create(parent(research(false, null), researcher(true))), scenario.message("go"));
    for (int i = 0; i < 9; i++) {
      scenario.when(scenario.reply(null, call("c" + i, "research", "{\"message\":\"task\"}")));
    }

    assertThat(scenario.state.deferred()).hasSize(8);
    assertThat(scenario.toolResults().getFirst().content())
        .contains("8 subagents already wait for theirs");
  }

  @Test
  void theSubagentsHeldBackAreBoundedWithTheirAttachmentsNotOnlyTheirTasks() {
    Subagent withFiles =
        SubagentBuilder.subagent("research", "researcher")
            .description("digs")
            .maxInstances(8)
            .initAttachmentsProperty("files")
            .build();
    AgentSnapshot lead =
        parent(withFiles, researcher(true))
            .with(b -> b.context = new AgentSnapshot.ContextBudget(1_000_000, 1_000));
    scenario.given(create(lead), scenario.message("go"));
    // Each call names 1,200 files of 100 characters: a small task, 120,000 bytes of paths.
    String files =
        java.util.stream.IntStream.range(0, 1_200)
            .mapToObj(i -> "\"/attachments/" + "f".repeat(80) + String.format("%06d", i) + "\"")
            .collect(java.util.stream.Collectors.joining(",", "[", "]"));
    for (int i = 0; i < 3; i++) {
      scenario.when(
          scenario.reply(
              null, call("c" + i, "research", "{\"message\":\"task\",\"files\":" + files + "}")));
    }

    assertThat(scenario.state.deferred()).hasSize(2); // 240,000 bytes; a third is over 262,144
    assertThat(scenario.toolResults().getFirst().content()).contains("bytes, over");
  }
}
