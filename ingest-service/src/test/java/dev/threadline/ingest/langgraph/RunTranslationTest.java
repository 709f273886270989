package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.ingest.Problem;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A Threadline run's stream, as the projector sends it, translated into LangGraph's events. */
class RunTranslationTest {
  private record Sent(String id, String event, JsonNode data) {}

  private final List<Sent> sent = new ArrayList<>();

  private static String appended(long seq, long messageSeq, String role, String content) {
    return "id: "
        + seq
        + "\nevent: MessageAppended\ndata: {\"seq\": "
        + seq
        + ", \"payload\": {\"messageSeq\": "
        + messageSeq
        + ", \"message\": {\"role\": \""
        + role
        + "\", \"content\": \""
        + content
        + "\", \"toolCalls\": []}}}\n\n";
  }

  private static String delta(String text) {
    return "event: delta\ndata: {\"requestId\": \"r1\", \"index\": 0, \"text\": \""
        + text
        + "\"}\n\n";
  }

  private RunTranslation.Outcome translate(Set<String> modes, String... frames) throws Exception {
    String source = String.join("", frames);
    return new RunTranslation("run-1", "t-1", modes, new ThreadMessages())
        .translate(
            new ByteArrayInputStream(source.getBytes(StandardCharsets.UTF_8)),
            (id, event, data) -> sent.add(new Sent(id, event, data)));
  }

  private List<String> events() {
    return sent.stream().map(Sent::event).toList();
  }

  @Test
  void tokensStreamAsChunksOfTheAnswerTheyBuildAndTheAnswerIsNotSentTwice() throws Exception {
    RunTranslation.Outcome outcome =
        translate(
            Set.of("messages-tuple", "values"),
            appended(3, 1, "USER", "hi"),
            delta("hel"),
            delta("lo"),
            appended(6, 2, "ASSISTANT", "hello"),
            ": keep-alive\n\n",
            "event: end\ndata: {\"runId\": \"run-1\", \"status\": \"success\"}\n\n");

    assertThat(events())
        .containsExactly("metadata", "values", "messages", "messages", "values", "end");
    List<JsonNode> chunks =
        sent.stream().filter(s -> s.event().equals("messages")).map(s -> s.data().get(0)).toList();
    assertThat(chunks).extracting(c -> c.path("content").asText()).containsExactly("hel", "lo");
    assertThat(chunks).allMatch(c -> c.path("id").asText().equals("m2"));
    assertThat(outcome.status()).isEqualTo("success");
    assertThat(outcome.values().path("messages").findValuesAsText("type"))
        .containsExactly("human", "ai");
    assertThat(sent.get(4).id()).isEqualTo("6");
  }

  @Test
  void aBranchsCopiesKeepTheIdsOfTheMessagesTheyCopyAndAreSentOnceAsTheBranchsState()
      throws Exception {
    ThreadMessages before = new ThreadMessages();
    before.append(
        LangChainMessages.JSON.createObjectNode().put("role", "USER").put("content", "hi"), 1);
    before.append(
        LangChainMessages.JSON.createObjectNode().put("role", "ASSISTANT").put("content", "hello"),
        2);
    String source =
        String.join(
            "",
            "id: 9\nevent: ThreadBranched\ndata: {\"seq\": 9, \"payload\": {\"atMessageSeq\": 1,"
                + " \"firstMessageSeq\": 3, \"copied\": 1, \"commandId\": \"run-1\"}}\n\n",
            appended(10, 3, "USER", "hi"),
            delta("hey"),
            appended(12, 4, "ASSISTANT", "hey"),
            "event: end\ndata: {\"runId\": \"run-1\", \"status\": \"success\"}\n\n");

    RunTranslation.Outcome outcome =
        new RunTranslation("run-1", "t-1", Set.of("messages-tuple", "values"), before)
            .translate(
                new ByteArrayInputStream(source.getBytes(StandardCharsets.UTF_8)),
                (id, event, data) -> sent.add(new Sent(id, event, data)));

    assertThat(events()).containsExactly("metadata", "values", "messages", "values", "end");
    assertThat(sent.get(1).data().path("messages").findValuesAsText("id")).containsExactly("m1");
    assertThat(sent.get(2).data().get(0).path("id").asText()).isEqualTo("m4");
    assertThat(outcome.values().path("messages").findValuesAsText("id"))
        .containsExactly("m1", "m4");
  }

  @Test
  void whatAToolEmittedIsACustomEventInTheCustomModeOnly() throws Exception {
    String emitted =
        "id: 9\nevent: CustomEvent\ndata: {\"seq\": 9, \"payload\": {\"name\": \"ui\","
            + " \"dataJson\": \"{\\\"type\\\":\\\"ui\\\",\\\"props\\\":{\\\"n\\\":1}}\"}}\n\n";
    String end = "event: end\ndata: {\"status\": \"success\"}\n\n";
    translate(Set.of("custom"), emitted, end);

    Sent custom = sent.stream().filter(s -> s.event().equals("custom")).findFirst().orElseThrow();
    assertThat(custom.id()).isEqualTo("9");
    assertThat(custom.data().path("type").asText()).isEqualTo("ui");
    assertThat(custom.data().at("/props/n").asInt()).isEqualTo(1);

    sent.clear();
    translate(Set.of("values"), emitted, end);
    assertThat(events()).doesNotContain("custom");
  }

  @Test
  void aRunningToolsProgressIsACustomEventOfItsOwnType() throws Exception {
    translate(
        Set.of("custom"),
        "event: progress\ndata: {\"requestId\": \"q\", \"index\": 0, \"progress\": 1.0, \"total\": 2.0}\n\n",
        "event: end\ndata: {\"status\": \"success\"}\n\n");

    Sent custom = sent.stream().filter(s -> s.event().equals("custom")).findFirst().orElseThrow();
    assertThat(custom.data().path("type").asText()).isEqualTo("tool_progress");
    assertThat(custom.data().path("progress").asDouble()).isEqualTo(1.0);
    assertThat(custom.data().path("total").asDouble()).isEqualTo(2.0);
  }

  @Test
  void anAnswerThatWasNotStreamedIsSentWhole() throws Exception {
    translate(
        Set.of("messages-tuple"),
        appended(6, 2, "ASSISTANT", "whole"),
        "event: end\ndata: {\"status\": \"success\"}\n\n");

    assertThat(events()).containsExactly("metadata", "messages", "end");
    assertThat(sent.get(1).data().get(0).path("content").asText()).isEqualTo("whole");
  }

  @Test
  void anApprovalTheTurnAwaitsIsAnInterruptThatEndsTheRun() throws Exception {
    RunTranslation.Outcome outcome =
        translate(
            Set.of("values", "updates"),
            "id: 9\nevent: ApprovalRequested\ndata: {\"payload\": {\"requestId\": \"q\","
                + " \"callId\": \"c1\", \"toolName\": \"deploy\", \"argumentsJson\":"
                + " \"{\\\"to\\\": \\\"prod\\\"}\"}}\n\n",
            appended(10, 3, "TOOL", "never read"));

    assertThat(events()).containsExactly("metadata", "updates", "values", "end");
    assertThat(outcome.status()).isEqualTo("interrupted");
    JsonNode interrupt = outcome.values().path("__interrupt__").get(0);
    assertThat(interrupt.path("id").asText()).isEqualTo("c1");
    assertThat(interrupt.path("value").path("arguments").path("to").asText()).isEqualTo("prod");
  }

  @Test
  void aCancelledRunEndsInterruptedAndAMissingRunIsAnError() throws Exception {
    assertThat(
            translate(Set.of("values"), "event: end\ndata: {\"status\": \"cancelled\"}\n\n")
                .status())
        .isEqualTo("interrupted");
    sent.clear();

    RunTranslation.Outcome missing =
        translate(Set.of("values"), "event: error\ndata: {\"detail\": \"no run 'x'\"}\n\n");

    assertThat(missing.status()).isEqualTo("error");
    assertThat(events()).containsExactly("metadata", "error");
  }

  @Test
  void aRefusedRunEndsInErrorWithTheRefusalsReason() throws Exception {
    RunTranslation.Outcome refused =
        translate(
            Set.of("values"),
            "event: end\ndata: {\"status\": \"error\", \"reason\": \"the thread is running a"
                + " turn\"}\n\n");

    assertThat(refused.status()).isEqualTo("error");
    assertThat(refused.reason()).isEqualTo("the thread is running a turn");
  }

  @Test
  void aSourceThatGoesAwayLeavesTheRunUnended() throws Exception {
    assertThat(translate(Set.of("values"), appended(3, 1, "USER", "hi")).status()).isNull();
  }

  @Test
  void aRunListsStatusFilterNamesTheThreadlineStatusesThatReadAsIt() {
    assertThat(RunTranslation.threadlineStatuses("success")).isEqualTo("success");
    assertThat(RunTranslation.threadlineStatuses("interrupted")).isEqualTo("interrupted,cancelled");
    assertThat(RunTranslation.threadlineStatuses("timeout")).isEmpty();
    assertThatThrownBy(() -> RunTranslation.threadlineStatuses("done"))
        .isInstanceOf(Problem.Failure.class)
        .hasMessageContaining("status");
  }
}
