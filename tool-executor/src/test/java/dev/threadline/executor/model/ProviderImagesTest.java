package dev.threadline.executor.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Attachment;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.Role;
import dev.threadline.config.ModelProfiles;
import dev.threadline.executor.Requests;
import dev.threadline.files.ThreadFiles;
import dev.threadline.testkit.StrictMessages;
import dev.threadline.testkit.StrictResponses;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user message's image goes to a model that sees images in its API's shape — an Anthropic image
 * block, a Responses input_image — which the strict stand-ins check (media type, base64 data).
 */
class ProviderImagesTest {
  @TempDir Path root;

  private ImageParts images() throws Exception {
    new ThreadFiles(root)
        .write(
            "acme",
            "t-1",
            "/attachments/cat.png",
            "image/png",
            new ByteArrayInputStream(new byte[] {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3}),
            1_000);
    return new ImageParts(
        new ThreadFiles(root),
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

  @Test
  void anthropicSendsAnImageBlock() throws Exception {
    try (StrictMessages api = StrictMessages.start(r -> StrictMessages.Reply.text("a cat"), null)) {
      AnthropicProvider provider = AnthropicProviderTest.provider(api.baseUrl(), "k", images());

      provider.complete(
          withImage("anthropic", "{\"provider\":\"anthropic\",\"endpoint\":\"claude\"}"),
          DeltaSink.NONE);

      assertThat(api.refusals()).isEmpty();
      JsonNode messages = api.requests().getLast().path("messages");
      JsonNode last = messages.get(messages.size() - 1).path("content");
      assertThat(last.toString()).contains("\"type\":\"image\"", "\"media_type\":\"image/png\"");
    }
  }

  @Test
  void responsesSendsAnInputImage() throws Exception {
    try (StrictResponses api =
        StrictResponses.start(r -> StrictResponses.Reply.text("a cat"), null)) {
      OpenAiResponsesProvider provider =
          OpenAiResponsesProviderTest.provider(api.baseUrl(), "k", images());

      provider.complete(
          withImage(
              "openai-responses", "{\"provider\":\"openai-responses\",\"endpoint\":\"responses\"}"),
          DeltaSink.NONE);

      assertThat(api.refusals()).isEmpty();
      JsonNode input = api.requests().getLast().path("input");
      assertThat(input.get(input.size() - 1).toString())
          .contains("\"type\":\"input_image\"", "data:image/png;base64,");
    }
  }
}
