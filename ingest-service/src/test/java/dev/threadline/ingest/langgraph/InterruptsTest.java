package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.ingest.Problem;
import org.junit.jupiter.api.Test;

/**
 * A call awaiting approval is an interrupt in LangChain's human-in-the-loop shape, and its
 * decisions resume it: approve, or reject with a message for the model; what Threadline does not
 * offer is refused naming the field.
 */
class InterruptsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }

  @Test
  void anApprovalIsAnInterruptWithLangChainsActionRequestsAndReviewConfigs() throws Exception {
    JsonNode interrupt =
        Interrupts.of(
            json(
                "{\"callId\": \"c1\", \"toolName\": \"deploy\", \"argumentsJson\": \"{\\\"target\\\":\\\"prod\\\"}\"}"));

    assertThat(interrupt.path("id").asText()).isEqualTo("c1");
    JsonNode value = interrupt.path("value");
    assertThat(value.at("/action_requests/0/name").asText()).isEqualTo("deploy");
    assertThat(value.at("/action_requests/0/args/target").asText()).isEqualTo("prod");
    assertThat(value.at("/action_requests/0/description").asText()).contains("Tool: deploy");
    assertThat(value.at("/review_configs/0/action_name").asText()).isEqualTo("deploy");
    assertThat(value.at("/review_configs/0/allowed_decisions").toString())
        .isEqualTo("[\"approve\",\"edit\",\"reject\"]");
    assertThat(value.path("tool").asText()).as("the earlier shape stays").isEqualTo("deploy");
  }

  @Test
  void decisionsApproveOrRejectWithTheMessageForTheModel() throws Exception {
    assertThat(Interrupts.Decision.of(json("{\"decisions\": [{\"type\": \"approve\"}]}")))
        .isEqualTo(new Interrupts.Decision(true, null));
    assertThat(
            Interrupts.Decision.of(
                json("{\"decisions\": [{\"type\": \"reject\", \"message\": \"not today\"}]}")))
        .isEqualTo(new Interrupts.Decision(false, "not today"));
    assertThat(Interrupts.Decision.of(json("{\"approve\": true}")).approve()).isTrue();
  }

  @Test
  void anEditApprovesTheCallWithTheApproversArguments() throws Exception {
    assertThat(
            Interrupts.Decision.of(
                json(
                    "{\"decisions\": [{\"type\": \"edit\", \"edited_action\": {\"name\":"
                        + " \"deploy\", \"args\": {\"target\": \"qa\"}}}]}")))
        .isEqualTo(new Interrupts.Decision(true, null, "{\"target\":\"qa\"}"));
  }

  @Test
  void anEditWithoutArgumentsOrMoreThanOneDecisionIsRefusedNamingTheField() {
    assertThatThrownBy(
            () ->
                Interrupts.Decision.of(
                    json("{\"decisions\": [{\"type\": \"edit\", \"edited_action\": {}}]}")))
        .isInstanceOf(Problem.Failure.class)
        .hasMessageContaining("command.resume.decisions[0].edited_action.args");
    assertThatThrownBy(
            () ->
                Interrupts.Decision.of(
                    json("{\"decisions\": [{\"type\": \"approve\"}, {\"type\": \"approve\"}]}")))
        .isInstanceOf(Problem.Failure.class)
        .hasMessageContaining("one decision");
  }

  @Test
  void anApprovalCarriesLangGraphsPrebuiltHumanInterruptForTheAgentInbox() throws Exception {
    JsonNode value =
        Interrupts.of(
                json(
                    "{\"callId\": \"c1\", \"toolName\": \"deploy\", \"argumentsJson\": \"{\\\"target\\\":\\\"prod\\\"}\"}"))
            .path("value");

    assertThat(value.at("/action_request/action").asText()).isEqualTo("deploy");
    assertThat(value.at("/action_request/args/target").asText()).isEqualTo("prod");
    assertThat(value.at("/description").asText()).contains("Tool: deploy");
    for (String allowed : new String[] {"allow_accept", "allow_edit", "allow_respond"}) {
      assertThat(value.path("config").path(allowed).asBoolean()).as(allowed).isTrue();
    }
    assertThat(value.path("config").has("allow_ignore")).isTrue();
  }

  @Test
  void prebuiltHumanResponsesAcceptEditOrAnswerTheModel() throws Exception {
    assertThat(Interrupts.Decision.of(json("[{\"type\": \"accept\", \"args\": null}]")))
        .isEqualTo(new Interrupts.Decision(true, null));
    assertThat(
            Interrupts.Decision.of(
                json(
                    "[{\"type\": \"edit\", \"args\": {\"action\": \"deploy\", \"args\":"
                        + " {\"target\": \"qa\"}}}]")))
        .isEqualTo(new Interrupts.Decision(true, null, "{\"target\":\"qa\"}"));
    assertThat(
            Interrupts.Decision.of(
                json("[{\"type\": \"response\", \"args\": \"use staging instead\"}]")))
        .isEqualTo(new Interrupts.Decision(false, "use staging instead"));
    assertThatThrownBy(() -> Interrupts.Decision.of(json("[{\"type\": \"edit\", \"args\": {}}]")))
        .isInstanceOf(Problem.Failure.class)
        .hasMessageContaining("command.resume[0].args.args");
  }

  @Test
  void aGotoIsRefusedNamingItForThereIsNoNodeToGoTo() {
    assertThatThrownBy(() -> Interrupts.refuseGoto(json("{\"goto\": \"__end__\"}")))
        .isInstanceOf(Problem.Failure.class)
        .hasMessageContaining("command.goto");
  }
}
