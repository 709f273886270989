package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ProvideVariables;
import dev.threadline.avro.SubagentVariablesRequired;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.VariableSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Spec §7.5 through the real topology: a subagent held back for a missing scoped secret starts when
 * its variables request is completed — once, however often the completing command arrives — and its
 * tools get the secret sealed.
 */
class ScopedVariablesTopologyTest {
  private static final String SEALED = "tlsec1:cmVwby1rZXk";
  private static final ObjectMapper JSON = new ObjectMapper();
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  private static AgentDefinition keeper() {
    AgentDefinition keeper = Fixtures.agent("keeper", 5);
    keeper.setVariables(List.of(new VariableSpec("REPO_KEY", true, true, "the key", true)));
    return keeper;
  }

  @Test
  void aHeldBackSubagentStartsOnceWhenItsVariablesArriveAndItsToolsGetThemSealed()
      throws Exception {
    d.agent(keeper());
    d.agent(Fixtures.withSubagent(Fixtures.agent("boss", 5), "vault", "keeper"));
    d.command(Fixtures.create("c-1", "p-1", "boss"));
    d.command(Fixtures.message("c-2", "p-1", "open the repository"));
    d.answer(d.nextModelRequest(), null, call("c1", "vault", "{\"message\":\"open it\"}"));

    String requestId =
        d.drainEvents().stream()
            .map(ThreadEvent::getPayload)
            .filter(SubagentVariablesRequired.class::isInstance)
            .map(p -> ((SubagentVariablesRequired) p).getRequestId())
            .findFirst()
            .orElseThrow();
    ModelRequest parentNext = d.nextModelRequest();
    String error = parentNext.getMessages().getLast().getContent();
    assertThat(JSON.readTree(error).path("requestId").asText()).isEqualTo(requestId);

    ThreadCommand provide =
        Fixtures.command(
            "c-3",
            "p-1",
            new ProvideVariables(requestId, Map.of("REPO_KEY", new EnvValue(SEALED, true))));
    d.command(provide);
    d.command(provide); // redelivered: applied once

    ModelRequest child = d.nextModelRequest();
    assertThat(child.getThreadId()).isEqualTo("p-1/vault-" + requestId);
    assertThat(child.toString()).doesNotContain(SEALED);
    assertThat(d.modelRequests.values().stream().mapToLong(t -> t.getQueueSize()).sum())
        .as("no second child")
        .isZero();
    d.answer(child, null, call("k1", "echo", "{}"));
    ToolRequest tool = d.toolRequests.readValue();
    assertThat(tool.getEnv()).containsEntry("REPO_KEY", new EnvValue(SEALED, true));
  }
}
