package dev.threadline.ingest.bodies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.AgentDefinition;
import org.junit.jupiter.api.Test;

/**
 * A tool's {@code parameters} are a JSON Schema (draft 2020-12), checked at the door: one a model
 * API would refuse mid-thread is a 422 naming the field, and what real tool schemas use — {@code
 * $defs} and {@code $ref}, {@code anyOf}, formats — is taken as written.
 */
class ToolParametersTest {
  @Test
  void parametersThatAreNotAJsonSchemaAreRefusedNamingTheField() {
    assertThatThrownBy(
            () ->
                AgentBodies.scripted(
                    "a", ",\"tools\":[{\"name\":\"t\",\"parameters\":{\"type\":\"objekt\"}}]"))
        .satisfies(e -> assertThat(FieldErrors.field(e)).isEqualTo("tools[0].parameters"));
  }

  @Test
  void aToolSchemaWithRefsDefsAndAnyOfIsTakenAsWritten() throws Exception {
    String schema =
        """
        {"type": "object", "$defs": {"day": {"type": "string", "format": "date"}},
         "properties": {"when": {"$ref": "#/$defs/day"},
                        "pick": {"anyOf": [{"type": "integer"}, {"const": "all"}]}}}""";
    AgentDefinition a =
        AgentBodies.scripted("a", ",\"tools\":[{\"name\":\"t\",\"parameters\":" + schema + "}]");

    assertThat(a.getTools().getFirst().getParametersJson()).contains("$defs", "anyOf");
  }
}
