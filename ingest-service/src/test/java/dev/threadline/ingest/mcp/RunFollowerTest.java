package dev.threadline.ingest.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.ingest.reads.ServerSentEvents;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run's events as an MCP tool call: each model answer, tool result and running tool's progress a
 * step, the run's last answer the result, and a run that stopped to wait a tool error saying how to
 * go on.
 */
class RunFollowerTest {
  private final List<String> steps = new ArrayList<>();

  private JsonNode follow(String... frames) throws Exception {
    RunFollower follower =
        new RunFollower("t-1", "r-1", steps::add, System.nanoTime() + 60_000_000_000L);
    ServerSentEvents.read(
        new ByteArrayInputStream(String.join("", frames).getBytes(StandardCharsets.UTF_8)),
        follower);
    return follower.result(false);
  }

  private static String appended(String role, String content, String tool) {
    String calls =
        tool == null || !role.equals("ASSISTANT")
            ? "[]"
            : "[{\"callId\": \"c1\", \"name\": \"" + tool + "\", \"argumentsJson\": \"{}\"}]";
    return "event: MessageAppended\ndata: {\"payload\": {\"message\": {\"role\": \""
        + role
        + "\", \"content\": "
        + (content == null ? "null" : "\"" + content + "\"")
        + ", \"toolCalls\": "
        + calls
        + ", \"toolName\": \""
        + tool
        + "\"}}}\n\n";
  }

  @Test
  void eachStepOfTheRunIsProgressAndItsLastAnswerTheResult() throws Exception {
    JsonNode result =
        follow(
            appended("USER", "index it", null),
            appended("ASSISTANT", null, "indexer"),
            "event: progress\ndata: {\"requestId\": \"q\", \"progress\": 1.0, \"total\": 3.0}\n\n",
            "event: progress\ndata: {\"requestId\": \"q\", \"progress\": 2.0, \"message\": \"half\"}\n\n",
            appended("TOOL", "done", "indexer"),
            appended("ASSISTANT", "indexed 3 files", null),
            "event: end\ndata: {\"status\": \"success\"}\n\n");

    assertThat(steps)
        .containsExactly(
            "calling indexer",
            "a tool is at 1 of 3",
            "half",
            "indexer answered",
            "the agent answered");
    assertThat(result.path("isError").asBoolean()).isFalse();
    assertThat(result.at("/content/0/text").asText()).isEqualTo("indexed 3 files");
    assertThat(result.at("/structuredContent/threadId").asText()).isEqualTo("t-1");
  }

  @Test
  void aRunThatWaitsForAnApprovalIsAToolErrorThatSaysHowToDecideIt() throws Exception {
    JsonNode result =
        follow(
            "event: ApprovalRequested\ndata: {\"payload\": {\"callId\": \"c9\", \"toolName\": \"deploy\"}}\n\n");

    assertThat(result.path("isError").asBoolean()).isTrue();
    assertThat(result.at("/structuredContent/status").asText()).isEqualTo("interrupted");
    assertThat(result.at("/content/0/text").asText())
        .contains("approval of tool 'deploy'", "/v1/threads/t-1/approvals/c9");
  }

  @Test
  void aRunThatEndedOtherwiseIsAToolErrorWithItsReason() throws Exception {
    JsonNode result =
        follow("event: end\ndata: {\"status\": \"error\", \"reason\": \"model_error\"}\n\n");

    assertThat(result.path("isError").asBoolean()).isTrue();
    assertThat(result.at("/content/0/text").asText()).isEqualTo("The run ended error: model_error");
  }
}
