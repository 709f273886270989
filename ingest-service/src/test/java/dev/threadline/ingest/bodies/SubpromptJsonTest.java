package dev.threadline.ingest.bodies;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.SubpromptSpec;
import org.junit.jupiter.api.Test;

/** An agent's {@code subprompts} as the HTTP API reads, validates and shows them. */
class SubpromptJsonTest {
  private static AgentDefinition read(String rest) throws Exception {
    return AgentBodies.scripted("coordinator", rest);
  }

  @Test
  void aSubpromptIsReadWithTheSpecsDefaults() throws Exception {
    SubpromptSpec p =
        read(",\"subprompts\":[{\"name\":\"summarize\",\"prompt\":\"You summarize.\"}]")
            .getSubprompts()
            .getFirst();

    assertThat(p.getModel()).isNull(); // the agent's
    assertThat(p.getIncludeChat()).isFalse();
    assertThat(p.getIncludePastTools()).isFalse();
    assertThat(p.getIncludeTextResponse()).isTrue();
    assertThat(p.getIncludeToolCalls()).isTrue();
    assertThat(p.getIncludeErrors()).isTrue();
  }

  @Test
  void itsAttachmentsArgumentIsKeptAndRenderedBack() throws Exception {
    AgentDefinition a =
        read(
            ",\"subprompts\":[{\"name\":\"describe\",\"prompt\":\"p\","
                + "\"initAttachmentsProperty\":\"files\"}]");

    assertThat(a.getSubprompts().getFirst().getInitAttachmentsProperty()).isEqualTo("files");
    assertThat(
            AgentJson.render(a).path("subprompts").get(0).path("initAttachmentsProperty").asText())
        .isEqualTo("files");
    assertThat(
            read(",\"subprompts\":[{\"name\":\"s\",\"prompt\":\"p\"}]")
                .getSubprompts()
                .getFirst()
                .getInitAttachmentsProperty())
        .isNull();
  }

  @Test
  void itsOwnModelAndSchemaAreKeptAndRenderedBack() throws Exception {
    AgentDefinition a =
        read(
            ",\"subprompts\":[{\"name\":\"summarize\",\"prompt\":\"p\",\"toolDescription\":\"d\","
                + "\"model\":{\"provider\":\"openai\",\"endpoint\":\"default\",\"model\":\"gpt-4o-mini\"},"
                + "\"includeChat\":true,\"requiredSchema\":{\"type\":\"object\"}}]");
    SubpromptSpec p = a.getSubprompts().getFirst();
    assertThat(p.getModel().getProvider()).isEqualTo("openai");
    assertThat(p.getModel().getModel()).isEqualTo("gpt-4o-mini");

    JsonNode shown = AgentJson.render(a).path("subprompts").get(0);
    assertThat(shown.path("model").path("endpoint").asText()).isEqualTo("default");
    assertThat(shown.path("toolDescription").asText()).isEqualTo("d");
    assertThat(shown.path("includeChat").asBoolean()).isTrue();
    assertThat(shown.path("requiredSchema").path("type").asText()).isEqualTo("object");
  }

  @Test
  void aSubpromptWithoutAPromptIs422NamingTheField() {
    FieldErrors.assertRefusedNaming(
        "subprompts[0].prompt", () -> read(",\"subprompts\":[{\"name\":\"s\"}]"));
  }

  @Test
  void aFlagThatIsNotABooleanIs422() {
    FieldErrors.assertRefusedNaming(
        "subprompts[0].includeChat",
        () -> read(",\"subprompts\":[{\"name\":\"s\",\"prompt\":\"p\",\"includeChat\":\"yes\"}]"));
  }

  @Test
  void aSubpromptNamedLikeAToolIs422() {
    FieldErrors.assertRefusedNaming(
        "subprompts[0].name",
        () ->
            read(
                ",\"tools\":[{\"name\":\"s\"}],"
                    + "\"subprompts\":[{\"name\":\"s\",\"prompt\":\"p\"}]"));
  }

  @Test
  void aSubpromptWithoutAProviderIs422() {
    FieldErrors.assertRefusedNaming(
        "subprompts[0].model.provider",
        () -> read(",\"subprompts\":[{\"name\":\"s\",\"prompt\":\"p\",\"model\":{}}]"));
  }
}
