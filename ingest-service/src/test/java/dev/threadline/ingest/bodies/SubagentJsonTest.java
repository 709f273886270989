package dev.threadline.ingest.bodies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.SubagentSpec;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A subagent entry's {@code blocking} flag as the HTTP API reads it: the spec's default (the
 * parent's call waits for the child's result) for a one-shot subagent, never for a resumable one.
 */
class SubagentJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static SubagentSpec subagent(String entry) throws Exception {
    JsonNode body =
        JSON.readTree("{\"model\":{\"provider\":\"scripted\"},\"subagents\":[" + entry + "]}");
    AgentDefinition a = AgentJson.read("lead", "tenant-a", body, Instant.EPOCH);
    return a.getSubagents().getFirst();
  }

  @Test
  void aSubagentBlocksByDefault() throws Exception {
    assertThat(subagent("{\"name\":\"dig\",\"agent\":\"helper\"}").getBlocking()).isTrue();
  }

  @Test
  void blockingFalseReturnsAtOnce() throws Exception {
    assertThat(subagent("{\"name\":\"dig\",\"agent\":\"helper\",\"blocking\":false}").getBlocking())
        .isFalse();
  }

  @Test
  void aResumableSubagentDoesNotBlockByDefault() throws Exception {
    assertThat(subagent("{\"name\":\"dig\",\"agent\":\"helper\",\"resumable\":true}").getBlocking())
        .isFalse();
  }

  @Test
  void aBlockingResumableSubagentIs422NamingTheField() {
    FieldErrors.assertRefusedNaming(
        "subagents[0].blocking",
        () ->
            subagent(
                "{\"name\":\"dig\",\"agent\":\"helper\",\"resumable\":true,\"blocking\":true}"));
  }

  @Test
  void aBlockingFlagThatIsNotABooleanIs422() {
    FieldErrors.assertRefusedNaming(
        "subagents[0].blocking",
        () -> subagent("{\"name\":\"dig\",\"agent\":\"helper\",\"blocking\":\"yes\"}"));
  }

  @Test
  void theResumableObjectFormCarriesItsOwnSettings() throws Exception {
    SubagentSpec s =
        subagent(
            "{\"name\":\"pair\",\"agent\":\"helper\",\"maxInstances\":1,"
                + "\"resumable\":{\"receives_messages\":\"side_b\",\"maxInstances\":3,"
                + "\"parentCommunication\":\"explicit\"}}");

    assertThat(s.getResumable()).isTrue();
    assertThat(s.getBlocking()).isFalse();
    assertThat(s.getReceivesMessages()).isEqualTo("side_b");
    assertThat(s.getMaxInstances()).isEqualTo(3);
    assertThat(s.getParentCommunication().name()).isEqualTo("EXPLICIT");
  }

  @Test
  void implicitCommunicationIsTheDefaultAndReceivesMessagesIsSideA() throws Exception {
    SubagentSpec s =
        subagent(
            "{\"name\":\"pair\",\"agent\":\"helper\","
                + "\"resumable\":{\"parentCommunication\":\"implicit\"}}");

    assertThat(s.getParentCommunication().name()).isEqualTo("AUTO");
    assertThat(s.getReceivesMessages()).isEqualTo("side_a");
  }

  @Test
  void aBadResumableOrReceivesMessagesIs422NamingTheField() {
    FieldErrors.assertRefusedNaming(
        "subagents[0].resumable",
        () -> subagent("{\"name\":\"d\",\"agent\":\"h\",\"resumable\":\"yes\"}"));
    assertThatThrownBy(
            () ->
                subagent(
                    "{\"name\":\"d\",\"agent\":\"h\","
                        + "\"resumable\":{\"receives_messages\":\"side_c\"}}"))
        .satisfies(
            t ->
                assertThat(FieldErrors.field(t))
                    .isEqualTo("subagents[0].resumable.receives_messages"));
  }

  @Test
  void theFlagIsRenderedBack() throws Exception {
    JsonNode body =
        JSON.readTree(
            "{\"model\":{\"provider\":\"scripted\"},\"subagents\":[{\"name\":\"dig\",\"agent\":\"h\"}]}");
    AgentDefinition a = AgentJson.read("lead", "tenant-a", body, Instant.EPOCH);
    assertThat(AgentJson.render(a).path("subagents").get(0).path("blocking").asBoolean(false))
        .isTrue();
  }

  private static String fieldRefused(String body) {
    return FieldErrors.field(
        catchThrowable(
            () -> AgentJson.read("lead", "tenant-a", JSON.readTree(body), Instant.EPOCH)));
  }

  /** A subagent is offered to the model as a tool: its name may be no other tool's. */
  @Test
  void aSubagentNamedLikeAToolOfTheAgentOrOfTheRuntimeIs422NamingIt() {
    assertThat(
            fieldRefused(
                "{\"model\":{\"provider\":\"scripted\"},\"tools\":[{\"name\":\"echo\"}],"
                    + "\"subagents\":[{\"name\":\"echo\",\"agent\":\"h\"}]}"))
        .isEqualTo("subagents[0].name");
    assertThat(
            fieldRefused(
                "{\"model\":{\"provider\":\"scripted\"},"
                    + "\"subagents\":[{\"name\":\"sessionStop\",\"agent\":\"h\"}]}"))
        .isEqualTo("subagents[0].name");
    assertThat(
            fieldRefused(
                "{\"model\":{\"provider\":\"scripted\"},\"subagents\":["
                    + "{\"name\":\"dig\",\"agent\":\"h\"},{\"name\":\"dig\",\"agent\":\"g\"}]}"))
        .isEqualTo("subagents[1].name");
  }

  /** An immediate subagent is started without a name from the model: never a resumable one. */
  @Test
  void anImmediateResumableSubagentIs422NamingTheField() {
    assertThat(
            fieldRefused(
                "{\"model\":{\"provider\":\"scripted\"},\"subagents\":[{\"name\":\"dig\","
                    + "\"agent\":\"h\",\"resumable\":true,\"immediate\":true}]}"))
        .isEqualTo("subagents[0].immediate");
  }

  /** What GET answers, PUT takes back unchanged: no field of an entry is lost on the way. */
  @Test
  void everyFieldOfASubagentEntryIsRenderedBack() throws Exception {
    JsonNode body =
        JSON.readTree(
            """
            {"model": {"provider": "scripted"}, "subagents": [
              {"name": "dig", "agent": "h", "description": "digs", "optional": "DIG_ENABLED",
               "blocking": false, "maxInstances": 3, "parentCommunication": "explicit",
               "initUserMessageProperty": "task", "initAttachmentsProperty": "files",
               "initAgentNameProperty": "as", "immediate": {"nameEnv": "WHO"}},
              {"name": "pal", "agent": "g", "resumable": {"receives_messages": "side_b"}}]}""");
    AgentDefinition a = AgentJson.read("lead", "tenant-a", body, Instant.EPOCH);

    AgentDefinition again = AgentJson.read("lead", "tenant-a", AgentJson.render(a), Instant.EPOCH);

    assertThat(again.getSubagents()).isEqualTo(a.getSubagents());
  }
}
