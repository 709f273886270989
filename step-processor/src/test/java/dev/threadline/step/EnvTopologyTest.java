package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Permission;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.VariableSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A thread's env through the real topology: in the prompt as text, to tools sealed, nowhere else.
 */
class EnvTopologyTest {
  private static final String SEALED = "tlsec1:c2VhbGVkLWJ5LXRoZS1kb29y";
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void textVariablesReachThePromptAndEveryVariableReachesTheToolSecretsSealed() {
    AgentDefinition agent = Fixtures.agent("weather", 10);
    agent.setSystemPrompt("Weather for {{env.CITY}}.");
    agent.setTools(List.of(new AgentTool("echo", Permission.ALLOW, null, null)));
    agent.setVariables(
        List.of(
            new VariableSpec("CITY", false, true, null, false),
            new VariableSpec("API_TOKEN", true, true, null, false)));
    d.agent(agent);
    d.command(
        Fixtures.command(
            "c-1",
            "t-env",
            CreateThread.newBuilder()
                .setAgentName("weather")
                .setMetadata(Map.of())
                .setEnv(
                    Map.of(
                        "CITY", new EnvValue("Lisbon", false),
                        "API_TOKEN", new EnvValue(SEALED, true)))
                .build()));
    d.command(Fixtures.message("c-2", "t-env", "weather?"));

    ModelRequest request = d.nextModelRequest();
    assertThat(request.getMessages().getFirst().getContent()).isEqualTo("Weather for Lisbon.");
    assertThat(request.toString()).doesNotContain(SEALED);

    d.answer(request, null, call("k1", "echo", "{}"));
    ToolRequest tool = d.toolRequests.readValue();
    assertThat(tool.getEnv())
        .containsEntry("CITY", new EnvValue("Lisbon", false))
        .containsEntry("API_TOKEN", new EnvValue(SEALED, true));
  }
}
