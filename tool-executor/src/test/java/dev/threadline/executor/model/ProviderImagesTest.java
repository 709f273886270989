package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Attachment;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.avro.ToolCall;
import dev.threadline.config.ModelProfiles;
import dev.threadline.executor.Requests;
import dev.threadline.testkit.StrictChatCompletions;
import dev.threadline.testkit.StrictMessages;
import dev.threadline.testkit.StrictResponses;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user message's image, and an image a tool's result shows, go to a model that sees images in its
 * API's shape — an Anthropic image block (inside the tool_result for a tool's), a Responses
 * input_image (inside the function_call_output), for Chat Completions a user message after the
 * results (a tool message holds text only) — which the strict stand-ins check.
 */
class ProviderImagesTest {
  @TempDir Path root;

  private ImageParts images() throws Exception {
    new dev.threadline.files.FolderThreadFiles(root)
        .write(
            "acme",
            "t-1",
            "/attachments/cat.png",
            "image/png",
            new ByteArrayInputStream(new byte[] {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3}),
            1_000);
    return new ImageParts(
        new dev.threadline.files.FolderThreadFiles(root),
        new ModelProfiles(
            Map.of(
                "threadline.model.profile.claude-test.vision", "true",
                "threadline.model.profile.gpt-test.vision", "true")));
  }

  private static ModelRequest withImage(String provider, String config) {
    ModelRequest request = Requests.model("t-1", provider, config, 1, Requests.T0.plusSeconds(60));
    request
        .getMessages()
        .add(
            ChatMessage.newBuilder()
                .setRole(Role.USER)
                .setContent("what is this")
                .setAttachments(List.of(new Attachment("/attachments/cat.png", null, null, null)))
                .build());
    return request;
  }

  /** A request whose last message is a tool's result that shows the image. */
  private static ModelRequest withToolImage(String provider, String config) {
    ModelRequest request = Requests.model("t-1", provider, config, 1, Requests.T0.plusSeconds(60));
    request
        .getMessages()
        .add(
            ChatMessage.newBuilder()
                .setRole(Role.ASSISTANT)
                .setToolCalls(List.of(new ToolCall("call_1", "chart", "{}")))
                .build());
    request
        .getMessages()
        .add(
            ChatMessage.newBuilder()
                .setRole(Role.TOOL)
                .setToolCallId("call_1")
                .setToolName("chart")
                .setContent("[image /attachments/cat.png: image/png, 7 bytes]")
                .setAttachments(List.of(new Attachment("/attachments/cat.png", null, null, null)))
                .build());
    return request;
  }

  private static final String ANTHROPIC = "{\"provider\":\"anthropic\",\"endpoint\":\"claude\"}";
  private static final String RESPONSES =
      "{\"provider\":\"openai-responses\",\"endpoint\":\"responses\"}";

  /** The content of the last message {@code request} sends to the strict Anthropic stand-in. */
  private JsonNode lastSentToAnthropic(ModelRequest request) throws Exception {
    try (StrictMessages api = StrictMessages.start(r -> StrictMessages.Reply.text("a cat"), null)) {
      AnthropicProvider provider = AnthropicProviderTest.provider(api.baseUrl(), "k", images());
      provider.complete(request, DeltaSink.NONE);
      assertThat(api.refusals()).isEmpty();
      JsonNode messages = api.requests().getLast().path("messages");
      return messages.get(messages.size() - 1).path("content");
    }
  }

  /** The last input item {@code request} sends to the strict Responses stand-in. */
  private JsonNode lastSentToResponses(ModelRequest request) throws Exception {
    try (StrictResponses api =
        StrictResponses.start(r -> StrictResponses.Reply.text("a cat"), null)) {
      OpenAiResponsesProvider provider =
          OpenAiResponsesProviderTest.provider(api.baseUrl(), "k", images());
      provider.complete(request, DeltaSink.NONE);
      assertThat(api.refusals()).isEmpty();
      JsonNode input = api.requests().getLast().path("input");
      return input.get(input.size() - 1);
    }
  }

  @Test
  void anthropicSendsAnImageBlock() throws Exception {
    assertThat(lastSentToAnthropic(withImage("anthropic", ANTHROPIC)).toString())
        .contains("\"type\":\"image\"", "\"media_type\":\"image/png\"");
  }

  @Test
  void anthropicSendsAToolsImageInsideItsToolResult() throws Exception {
    JsonNode result = lastSentToAnthropic(withToolImage("anthropic", ANTHROPIC)).get(0);

    assertThat(result.path("type").asText()).isEqualTo("tool_result");
    assertThat(result.path("content").toString())
        .contains("\"type\":\"image\"", "\"media_type\":\"image/png\"", "cat.png: image/png");
  }

  @Test
  void responsesSendsAnInputImage() throws Exception {
    assertThat(lastSentToResponses(withImage("openai-responses", RESPONSES)).toString())
        .contains("\"type\":\"input_image\"", "data:image/png;base64,");
  }

  @Test
  void responsesSendsAToolsImageInsideItsCallsOutput() throws Exception {
    JsonNode output = lastSentToResponses(withToolImage("openai-responses", RESPONSES));

    assertThat(output.path("type").asText()).isEqualTo("function_call_output");
    assertThat(output.path("output").toString())
        .contains("\"type\":\"input_image\"", "data:image/png;base64,", "\"type\":\"input_text\"");
  }

  @Test
  void chatCompletionsSendsAToolsImageInAUserMessageAfterTheResults() throws Exception {
    List<JsonNode> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (StrictChatCompletions api =
        StrictChatCompletions.start(
            r -> {
              sent.add(r);
              return StrictChatCompletions.Reply.text("a cat");
            })) {
      OpenAiProvider provider =
          new OpenAiProvider(
              OpenAiProviderTest.clients(api.baseUrl(), "k"), "gpt-test", d -> d, images());

      ModelOutcome outcome =
          provider.complete(withToolImage("openai", "{\"stream\":false}"), DeltaSink.NONE);

      assertThat(api.refusals()).isEmpty();
      assertThat(outcome).isInstanceOf(ModelOutcome.Reply.class);
      JsonNode messages = sent.getLast().path("messages");
      JsonNode tool = messages.get(messages.size() - 2);
      assertThat(tool.path("role").asText()).isEqualTo("tool");
      assertThat(tool.path("content").asText()).contains("cat.png: image/png");
      JsonNode after = messages.get(messages.size() - 1);
      assertThat(after.path("role").asText()).isEqualTo("user");
      assertThat(after.path("content").get(0).path("text").asText())
          .isEqualTo(OpenAiProvider.SHOWN_BY_TOOLS);
      assertThat(after.path("content").get(1).path("image_url").path("url").asText())
          .startsWith("data:image/png;base64,");
    }
  }
}
