package dev.threadline.ingest.bodies;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import org.junit.jupiter.api.Test;

/** An agent's {@code handoffs} as the HTTP API reads and shows them. */
class HandoffJsonTest {
  private static AgentDefinition read(String rest) throws Exception {
    return AgentBodies.scripted("onboarding", rest);
  }

  @Test
  void anAgentHandsOffToNoOneByDefault() throws Exception {
    assertThat(read("").getHandoffs()).isEmpty();
  }

  @Test
  void handoffsAreReadAndRenderedBack() throws Exception {
    AgentDefinition a =
        read(",\"handoffs\":[{\"agent\":\"scheduler\",\"description\":\"meetings\"}]");

    assertThat(a.getHandoffs())
        .singleElement()
        .satisfies(
            h -> {
              assertThat(h.getAgent()).isEqualTo("scheduler");
              assertThat(h.getDescription()).isEqualTo("meetings");
            });
    assertThat(AgentJson.render(a).path("handoffs").get(0).path("agent").asText())
        .isEqualTo("scheduler");
  }

  @Test
  void aHandoffWithoutAnAgentIs422NamingTheField() {
    FieldErrors.assertRefusedNaming(
        "handoffs[0].agent", () -> read(",\"handoffs\":[{\"description\":\"x\"}]"));
  }

  @Test
  void aHandoffNamedLikeAToolOrSubagentIs422() {
    FieldErrors.assertRefusedNaming(
        "handoffs[0].agent",
        () ->
            read(
                ",\"tools\":[{\"name\":\"scheduler\"}],"
                    + "\"handoffs\":[{\"agent\":\"scheduler\"}]"));
    FieldErrors.assertRefusedNaming(
        "handoffs[0].agent",
        () ->
            read(
                ",\"subagents\":[{\"name\":\"scheduler\",\"agent\":\"x\"}],"
                    + "\"handoffs\":[{\"agent\":\"scheduler\"}]"));
  }
}
