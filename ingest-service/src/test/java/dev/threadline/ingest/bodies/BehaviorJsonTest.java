package dev.threadline.ingest.bodies;

import static dev.threadline.ingest.bodies.FieldErrors.assertRefusedNaming;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.BehaviorSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An agent's post-turn {@code behaviors} as the HTTP API reads, checks and shows them. */
class BehaviorJsonTest {
  private static final String TOOLS = ",\"tools\":[{\"name\":\"write_file\"},{\"name\":\"echo\"}]";

  private static AgentDefinition withBehaviors(String behaviors) throws Exception {
    return AgentBodies.scripted("b", TOOLS + ",\"behaviors\":" + behaviors);
  }

  @Test
  void behavioursAreReadInOrderAndShownBack() throws Exception {
    AgentDefinition a =
        withBehaviors(
            "[{\"name\":\"tests\",\"toolUsed\":[\"write_file\"],"
                + "\"fileWritten\":[\"/attachments/*.py\"],\"prompt\":\"Run the tests.\"},"
                + "{\"name\":\"wrap-up\",\"on\":\"turn_complete\",\"prompt\":\"Sum up.\"}]");

    assertThat(a.getBehaviors())
        .containsExactly(
            new BehaviorSpec(
                "tests", List.of("write_file"), List.of("/attachments/*.py"), "Run the tests."),
            new BehaviorSpec("wrap-up", List.of(), List.of(), "Sum up."));
    JsonNode shown = AgentJson.render(a).path("behaviors");
    assertThat(shown.get(0).path("fileWritten").get(0).asText()).isEqualTo("/attachments/*.py");
    assertThat(shown.get(1).path("on").asText()).isEqualTo("turn_complete");
    assertThat(AgentBodies.scripted("none", "").getBehaviors()).isEmpty();
  }

  @Test
  void aToolTheAgentDoesNotHaveIs422NamingIt() {
    assertRefusedNaming(
        "behaviors[0].toolUsed[1]",
        () ->
            withBehaviors("[{\"name\":\"x\",\"toolUsed\":[\"echo\",\"ecko\"],\"prompt\":\"p\"}]"));
  }

  @Test
  void whatCannotBeABehaviourIs422NamingTheField() {
    assertRefusedNaming("behaviors[0].name", () -> withBehaviors("[{\"prompt\":\"p\"}]"));
    assertRefusedNaming(
        "behaviors[1].name",
        () ->
            withBehaviors("[{\"name\":\"a\",\"prompt\":\"p\"},{\"name\":\"a\",\"prompt\":\"q\"}]"));
    assertRefusedNaming("behaviors[0].prompt", () -> withBehaviors("[{\"name\":\"a\"}]"));
    assertRefusedNaming(
        "behaviors[0].on",
        () -> withBehaviors("[{\"name\":\"a\",\"on\":\"tool_call\",\"prompt\":\"p\"}]"));
    assertRefusedNaming(
        "behaviors[0].fileWritten[0]",
        () -> withBehaviors("[{\"name\":\"a\",\"fileWritten\":[\"/a/[b\"],\"prompt\":\"p\"}]"));
    StringBuilder many = new StringBuilder("[");
    for (int i = 0; i <= BehaviorJson.MAX_BEHAVIORS; i++) {
      many.append(i == 0 ? "" : ",")
          .append("{\"name\":\"b")
          .append(i)
          .append("\",\"prompt\":\"p\"}");
    }
    assertRefusedNaming("behaviors", () -> withBehaviors(many.append("]").toString()));
  }
}
