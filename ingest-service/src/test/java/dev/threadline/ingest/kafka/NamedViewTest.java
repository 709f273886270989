package dev.threadline.ingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.config.Limits;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What another producer writes to the topic cannot grow the view past the quotas. */
class NamedViewTest {
  private final Limits limits =
      Limits.defaults().withAgents(1_000, 2).withDefinitionBytesPerTenant(900);
  private final DefinitionBytes bytes = new DefinitionBytes(limits);
  private final NamedView<AgentDefinition> view =
      new NamedView<>(
          "agent", limits, bytes, AgentDefinition::getTenantId, AgentDefinition::getName);

  private static AgentDefinition agent(String tenant, String name) {
    return AgentDefinition.newBuilder()
        .setName(name)
        .setTenantId(tenant)
        .setModel(new ModelSpec("scripted", null, "{}"))
        .setSystemPrompt("")
        .setTools(List.of())
        .setSubagents(List.of())
        .setStop(new StopConfig(true, null, 5, null))
        .setGroup(ThreadGroup.TASK)
        .setContext(new ContextConfig(null, null))
        .setUpdatedAt(Instant.EPOCH)
        .build();
  }

  @Test
  void definitionsPastATenantsQuotaOrOverTheByteLimitAreLeftOut() {
    view.put(agent("t", "a"), 100);
    view.put(agent("t", "b"), 100);
    view.put(agent("t", "c"), 100);
    view.put(agent("u", "big"), 1_001);

    assertThat(view.count("t")).isEqualTo(2);
    assertThat(view.get("t", "c")).isEmpty();
    assertThat(view.get("u", "big")).isEmpty();
    view.put(agent("t", "a"), 200); // a redefinition is not one more
    assertThat(view.get("t", "a")).isPresent();
    view.remove("t", "a");
    assertThat(view.count("t")).isEqualTo(1);
    assertThat(view.list("t")).extracting(AgentDefinition::getName).containsExactly("b");
  }

  /** Every kind's definitions count together against what a tenant's may hold on the heap. */
  @Test
  void definitionsPastTheTenantsBytesAcrossEveryKindAreLeftOut() {
    NamedView<AgentDefinition> prompts =
        new NamedView<>(
            "prompt", limits, bytes, AgentDefinition::getTenantId, AgentDefinition::getName);
    view.put(agent("t", "a"), 500);
    prompts.put(agent("t", "p"), 500);

    assertThat(prompts.get("t", "p")).isEmpty();
    assertThat(bytes.held("t")).isEqualTo(500);
    view.put(agent("t", "a"), 300);
    prompts.put(agent("t", "p"), 500);
    assertThat(prompts.get("t", "p")).isPresent();
    assertThat(bytes.held("t")).isEqualTo(800);
    view.remove("t", "a");
    assertThat(bytes.held("t")).isEqualTo(500);
  }
}
