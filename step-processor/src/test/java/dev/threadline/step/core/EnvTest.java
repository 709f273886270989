package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Event.EnvChanged;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Variables and env: what a thread is created with, and what a command sets. */
class EnvTest {
  private static final String SEALED = "tlsec1:c2VhbGVkLWJ5LXRoZS1kb29y";
  private final Scenario scenario = new Scenario();

  private static AgentSnapshot withVariables(String prompt, Env.Variable... variables) {
    return withEnv(
        TestAgents.agent(), prompt, new Env.Spec(List.of(variables), Map.of(), Map.of(), Map.of()));
  }

  static AgentSnapshot withEnv(AgentSnapshot a, String prompt, Env.Spec env) {
    return a.with(
        b -> {
          b.systemPrompt = prompt;
          b.env = env;
        });
  }

  private static final AgentSnapshot AGENT =
      withVariables(
          "You help in {{env.CITY}} with key [{{env.API_TOKEN}}] and {{env.UNSET}}.",
          new Env.Variable("CITY", false, true, "where the user is"),
          new Env.Variable("API_TOKEN", true, true, "the weather API's token"));

  private Input.CreateThread create(Map<String, Env.Value> env, String message) {
    return new Input.CreateThread(
        scenario.nextCommandId(),
        Scenario.TENANT,
        "t-env",
        scenario.tick(),
        AGENT.name(),
        AGENT,
        message == null ? null : Values.InboundMessage.invoke(message),
        Map.of(),
        null,
        env);
  }

  private static final Map<String, Env.Value> ENV =
      Map.of("CITY", new Env.Value("Lisbon", false), "API_TOKEN", new Env.Value(SEALED, true));

  @Test
  void aThreadIsCreatedWithItsEnvAndTheLogNeverHoldsASecretsValue() {
    scenario.onThread("t-env").when(create(ENV, null));

    assertThat(scenario.state.env()).isEqualTo(ENV);
    assertThat(scenario.events(EnvChanged.class))
        .containsExactly(
            new EnvChanged("API_TOKEN", true, null, false),
            new EnvChanged("CITY", false, "Lisbon", false));
  }

  @Test
  void aMissingRequiredVariableRefusesTheThreadNamingIt() {
    scenario.onThread("t-env").when(create(Map.of("CITY", new Env.Value("Lisbon", false)), null));

    assertThat(scenario.state).isNull();
    scenario.thenRejected("missing required variables: API_TOKEN");
  }

  @Test
  void aDeclaredSecretSentAsTextIsRefused() {
    scenario
        .onThread("t-env")
        .when(
            create(
                Map.of(
                    "CITY", new Env.Value("Lisbon", false),
                    "API_TOKEN", new Env.Value("plain-token", false)),
                null));

    scenario.thenRejected("API_TOKEN is a secret");
  }

  @Test
  void thePromptRendersTextVariablesAndNeverASecret() {
    scenario.onThread("t-env").when(create(ENV, "weather?"));

    String prompt =
        ContextAssembler.interpolate(AGENT.systemPrompt(), scenario.state, scenario.now());
    assertThat(prompt).isEqualTo("You help in Lisbon with key [] and {{env.UNSET}}.");
    assertThat(prompt).doesNotContain(SEALED);
  }

  @Test
  void setEnvChangesAVariableButNeverRemovesARequiredOne() {
    scenario.onThread("t-env").given(create(ENV, null));

    scenario.when(
        new Input.SetEnv(
            scenario.nextCommandId(),
            Scenario.TENANT,
            scenario.tick(),
            "CITY",
            new Env.Value("Porto", false)));
    assertThat(scenario.state.env().get("CITY").value()).isEqualTo("Porto");
    assertThat(scenario.events(EnvChanged.class))
        .containsExactly(new EnvChanged("CITY", false, "Porto", false));

    scenario.when(
        new Input.SetEnv(scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), "CITY", null));
    scenario.thenRejected("CITY is required");

    scenario.when(
        new Input.SetEnv(
            scenario.nextCommandId(),
            Scenario.TENANT,
            scenario.tick(),
            "EXTRA",
            new Env.Value("x", false)));
    scenario.when(
        new Input.SetEnv(
            scenario.nextCommandId(), Scenario.TENANT, scenario.tick(), "EXTRA", null));
    assertThat(scenario.state.env()).doesNotContainKey("EXTRA");
    assertThat(scenario.events(EnvChanged.class))
        .containsExactly(new EnvChanged("EXTRA", false, null, true));
  }

  /** Low to high: prompt → tool → agent → thread; the most specific instance's value wins. */
  @Test
  void aValueGivenAtSeveralLevelsIsTheThreadsOverTheAgentsOverTheToolsOverThePrompts() {
    Env.Spec spec =
        new Env.Spec(
            List.of(),
            Map.of("CITY", text("Paris"), "TZ", text("UTC"), "UNIT", text("K")),
            Map.of("echo", Map.of("UNIT", text("F"), "TZ", text("CET"))),
            Map.of("CITY", text("Rome"), "UNIT", text("C")));
    Map<String, Env.Value> thread = Map.of("CITY", text("Lisbon"), "LANG", text("pt"));

    assertThat(spec.forPrompt(thread))
        .containsEntry("CITY", text("Lisbon"))
        .containsEntry("UNIT", text("C"))
        .containsEntry("TZ", text("UTC"))
        .containsEntry("LANG", text("pt"));
    assertThat(spec.forTool("echo", thread))
        .containsEntry("CITY", text("Lisbon"))
        .containsEntry("UNIT", text("C"))
        .containsEntry("TZ", text("CET"));
    assertThat(spec.forTool("other", thread)).containsEntry("TZ", text("UTC"));
  }

  private static Env.Value text(String value) {
    return new Env.Value(value, false);
  }

  @Test
  void aRequiredVariableTheAgentGivesNeedsNoThreadValue() {
    AgentSnapshot giving =
        withEnv(
            AGENT,
            AGENT.systemPrompt(),
            new Env.Spec(
                AGENT.env().variables(),
                Map.of(),
                Map.of(),
                Map.of("API_TOKEN", new Env.Value(SEALED, true))));

    scenario
        .onThread("t-env")
        .when(
            new Input.CreateThread(
                scenario.nextCommandId(),
                Scenario.TENANT,
                "t-env",
                scenario.tick(),
                giving.name(),
                giving,
                null,
                Map.of(),
                null,
                Map.of("CITY", new Env.Value("Lisbon", false))));

    assertThat(scenario.state).isNotNull();
  }

  /** {@code count} text variables of {@code chars} two-byte characters each. */
  private static Map<String, Env.Value> wide(int count, int chars) {
    Map<String, Env.Value> env = new java.util.TreeMap<>(ENV);
    for (int i = 0; i < count; i++) {
      env.put("WIDE_" + i, new Env.Value("ü".repeat(chars), false));
    }
    return env;
  }

  @Test
  void aThreadsEnvIsBoundedInBytesSoItsStateFitsInOneRecord() {
    // 16 values of 8,000 two-byte characters: each value is within its own cap, the whole is not.
    scenario.onThread("t-env").when(create(wide(16, 8_000), null));

    assertThat(scenario.state).isNull();
    scenario.thenRejected("env.bytes");
  }

  @Test
  void aVariableThatWouldTakeTheEnvOverItsBytesIsRefusedAndTheEnvKept() {
    Map<String, Env.Value> over = wide(5, 8_000); // 80,000 bytes and more
    scenario.onThread("t-env").given(create(wide(4, 8_000), null)); // 64,000 and a few

    scenario.when(
        new Input.SetEnv(
            scenario.nextCommandId(),
            Scenario.TENANT,
            scenario.tick(),
            "WIDE_4",
            over.get("WIDE_4")));

    scenario.thenRejected("env.bytes");
    assertThat(scenario.state.env()).doesNotContainKey("WIDE_4");
  }
}
