package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions;
import dev.threadline.testkit.StrictChatCompletions.Reply;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * Files and images through the product: a PNG uploaded to a thread, attached to a message, reaches
 * a vision model (the strict OpenAI stand-in) as an image part and a text-only model as the text
 * alone; a thread's file goes to a child with its task and is downloaded from the child.
 */
final class FilesAcceptance implements ScriptedAcceptance {
  static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13, 'I', 'H'};
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private final StackClient stack;

  FilesAcceptance(StackClient stack) {
    this.stack = stack;
  }

  /** Says whether the last user message had an image part (and the strict checks passed). */
  @Override
  public Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    JsonNode content = messages.get(messages.size() - 1).path("content");
    boolean image = false;
    for (JsonNode part : content) {
      image |= part.path("image_url").path("url").asText().startsWith("data:image/png;base64,");
    }
    return Reply.text(image ? "I see an image" : "I see text only");
  }

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    assertThat(answerOf("gpt-4o")).isEqualTo("I see an image");
    assertThat(answerOf("gpt-3.5-turbo")).isEqualTo("I see text only");
    assertThat(endpoint.refusals()).as("requests the strict endpoint refused").isEmpty();
    aFileGoesToAChildWithItsTask();
    // Only to a thread of the caller's: one that does not exist is waited for, then refused.
    HttpResponse<String> refused =
        send("no-such-thread-" + System.nanoTime(), "/attachments/x.png");
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(404);
  }

  /** What an agent on {@code model} answers to a message with an uploaded image attached. */
  private String answerOf(String model) throws Exception {
    String agent = "looker-" + model.replace('.', '-');
    stack.putAgent(
        agent,
        "{\"model\": {\"provider\": \"openai\", \"model\": \""
            + model
            + "\", \"endpoint\": \"strict\", \"stream\": false}, \"systemPrompt\": \"Look.\"}");
    String thread = stack.createThread("{\"agent\": \"" + agent + "\"}");
    upload(thread, "/attachments/cat.png");
    stack.sendMessage(
        thread,
        "{\"text\": \"what is this?\", \"attachments\": [{\"path\": \"/attachments/cat.png\"}]}");
    List<JsonNode> events =
        stack.awaitEvents(thread, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    return StackClient.messages(events).getLast().path("content").asText();
  }

  private void aFileGoesToAChildWithItsTask() throws Exception {
    stack.putAgent(
        "file-reader",
        "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\": \"read it\"}]}}");
    stack.send(
        "PUT",
        stack.ingest() + "/v1/agents/file-sender",
        """
        {"model": {"provider": "scripted", "script": [
           {"toolCalls": [{"name": "reader", "arguments": {"message": "read this",
                           "attachments": ["/attachments/cat.png"]}}]},
           {"text": "sent"}]},
         "subagents": [{"name": "reader", "agent": "file-reader",
                        "initAttachmentsProperty": "attachments"}]}""",
        200);
    String parent = stack.createThread("{\"agent\": \"file-sender\"}");
    upload(parent, "/attachments/cat.png");
    stack.sendMessage(parent, "{\"text\": \"pass it on\"}");
    List<JsonNode> events =
        stack.awaitEvents(parent, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");
    String child =
        StackClient.first(events, "SubagentCreated").path("payload").path("childThreadId").asText();

    HttpResponse<byte[]> download =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(
                        stack.ingest()
                            + "/v1/threads/"
                            + StackClient.encode(child)
                            + "/files/attachments/cat.png"))
                .header("Authorization", "Bearer " + stack.apiKey())
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertThat(download.statusCode()).isEqualTo(200);
    assertThat(download.headers().firstValue("Content-Type")).contains("image/png");
    assertThat(download.body()).isEqualTo(PNG);
  }

  private void upload(String thread, String path) throws Exception {
    upload(stack, thread, path);
  }

  /** Uploads {@link #PNG} to {@code thread} at {@code path} (201). */
  static void upload(StackClient stack, String thread, String path) throws Exception {
    HttpResponse<String> answer = send(stack, thread, path);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
  }

  private HttpResponse<String> send(String thread, String path) throws Exception {
    return send(stack, thread, path);
  }

  private static HttpResponse<String> send(StackClient stack, String thread, String path)
      throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(
                URI.create(
                    stack.ingest()
                        + "/v1/threads/"
                        + StackClient.encode(thread)
                        + "/files?path="
                        + path))
            .header("Authorization", "Bearer " + stack.apiKey())
            .header("Content-Type", "image/png")
            .POST(HttpRequest.BodyPublishers.ofByteArray(PNG))
            .timeout(Duration.ofSeconds(30))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
