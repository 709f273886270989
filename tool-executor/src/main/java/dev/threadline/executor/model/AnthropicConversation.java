package dev.threadline.executor.model;

import com.anthropic.core.JsonValue;
import com.anthropic.models.messages.Base64ImageSource;
import com.anthropic.models.messages.CacheControlEphemeral;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.ImageBlockParam;
import com.anthropic.models.messages.MessageParam;
import com.anthropic.models.messages.TextBlockParam;
import com.anthropic.models.messages.ToolResultBlockParam;
import com.anthropic.models.messages.ToolUseBlockParam;
import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ToolCall;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A thread's conversation as the Messages API takes it. The API wants roles that alternate, a user
 * message first, no empty text, and every {@code tool_use} answered at the start of the very next
 * user message; the runtime's conversations hold the chat-completions rules instead, so:
 *
 * <ul>
 *   <li>the first message, when it is a system message, is the {@code system} prompt; every later
 *       system message (the working set, a subprompt's instructions) is a text block at the end of
 *       the last user message — so the prefix before it stays the same from one call to the next
 *       and the cache can serve it;
 *   <li>tool results are {@code tool_result} blocks of a user message, and consecutive messages of
 *       one role are one message, results first;
 *   <li>an assistant message opens with the thinking its answer came with ({@link
 *       AnthropicThinking}), as the API requires within a tool loop;
 *   <li>an assistant message with neither text nor tool calls is left out; a conversation that
 *       would start with the assistant starts with a user message saying it continues;
 *   <li>call ids keep their characters where the API's id pattern allows them, others become {@code
 *       _};
 *   <li>three {@code cache_control} breakpoints, of the four the API allows: the last tool, the
 *       system prompt, and the last block of the history.
 * </ul>
 */
final class AnthropicConversation {
  static final String CONTINUES = "(The conversation so far continues.)";
  private static final CacheControlEphemeral CACHE = CacheControlEphemeral.builder().build();

  /** The system prompt (null when there is none) and the messages. */
  record Built(String system, List<MessageParam> messages) {}

  private record Turn(boolean user, List<ContentBlockParam> blocks) {}

  private AnthropicConversation() {}

  static Built of(List<ChatMessage> messages, ImageParts.Sent images) {
    String system = null;
    List<String> notes = new ArrayList<>();
    List<Turn> turns = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      ChatMessage m = messages.get(i);
      String content = m.getContent() == null ? "" : m.getContent();
      switch (m.getRole()) {
        case SYSTEM -> {
          if (i == 0) {
            system = content.isEmpty() ? null : content;
          } else if (!content.isEmpty()) {
            notes.add(content);
          }
        }
        case USER -> add(turns, true, user(content, images.parts(m, i)));
        case ASSISTANT -> add(turns, false, assistant(m));
        case TOOL ->
            add(
                turns,
                true,
                List.of(ContentBlockParam.ofToolResult(result(m, images.parts(m, i)))));
      }
    }
    if (turns.isEmpty() || !turns.getFirst().user()) {
      turns.addFirst(new Turn(true, new ArrayList<>(List.of(text(CONTINUES)))));
    }
    markHistoryEnd(turns);
    if (!notes.isEmpty()) {
      if (!turns.getLast().user()) {
        turns.add(new Turn(true, new ArrayList<>()));
      }
      turns.getLast().blocks().add(text(String.join("\n\n", notes)));
    }
    List<MessageParam> params = new ArrayList<>(turns.size());
    for (Turn t : turns) {
      params.add(
          t.user()
              ? MessageParam.ofUserOfContentBlockParams(t.blocks())
              : MessageParam.ofAssistantOfContentBlockParams(t.blocks()));
    }
    return new Built(system, params);
  }

  /** Appends {@code blocks} to the last turn when it is of the same role, else as a new turn. */
  private static void add(List<Turn> turns, boolean user, List<ContentBlockParam> blocks) {
    if (blocks.isEmpty()) {
      return;
    }
    if (!turns.isEmpty() && turns.getLast().user() == user) {
      List<ContentBlockParam> merged = turns.getLast().blocks();
      if (user && blocks.getFirst().isToolResult()) {
        // Results answer the assistant's uses and must open the message.
        int at = 0;
        while (at < merged.size() && merged.get(at).isToolResult()) {
          at++;
        }
        merged.addAll(at, blocks);
      } else {
        merged.addAll(blocks);
      }
      return;
    }
    turns.add(new Turn(user, new ArrayList<>(blocks)));
  }

  private static void markHistoryEnd(List<Turn> turns) {
    List<ContentBlockParam> last = turns.getLast().blocks();
    ContentBlockParam block = last.getLast();
    ContentBlockParam marked =
        block.isToolResult()
            ? ContentBlockParam.ofToolResult(
                block.asToolResult().toBuilder().cacheControl(CACHE).build())
            : block.isText()
                ? ContentBlockParam.ofText(block.asText().toBuilder().cacheControl(CACHE).build())
                : block.isToolUse()
                    ? ContentBlockParam.ofToolUse(
                        block.asToolUse().toBuilder().cacheControl(CACHE).build())
                    : block.isImage()
                        ? ContentBlockParam.ofImage(
                            block.asImage().toBuilder().cacheControl(CACHE).build())
                        : block;
    last.set(last.size() - 1, marked);
  }

  static TextBlockParam cachedText(String text) {
    return TextBlockParam.builder().text(text).cacheControl(CACHE).build();
  }

  static CacheControlEphemeral cache() {
    return CACHE;
  }

  private static ContentBlockParam text(String text) {
    return ContentBlockParam.ofText(TextBlockParam.builder().text(text).build());
  }

  private static List<ContentBlockParam> user(String content, List<ImageParts.Part> parts) {
    List<ContentBlockParam> blocks = new ArrayList<>();
    if (parts == null) {
      if (!content.isEmpty()) {
        blocks.add(text(content));
      }
      return blocks;
    }
    for (ImageParts.Part part : parts) {
      switch (part) {
        case ImageParts.Part.Text(String t) -> {
          if (!t.isEmpty()) {
            blocks.add(text(t));
          }
        }
        case ImageParts.Part.Picture(String type, String data) ->
            blocks.add(
                ContentBlockParam.ofImage(
                    ImageBlockParam.builder()
                        .source(
                            Base64ImageSource.builder()
                                .mediaType(Base64ImageSource.MediaType.of(type))
                                .data(data)
                                .build())
                        .build()));
      }
    }
    return blocks;
  }

  private static List<ContentBlockParam> assistant(ChatMessage m) {
    List<ContentBlockParam> blocks = new ArrayList<>();
    if ((m.getContent() == null || m.getContent().isEmpty()) && m.getToolCalls().isEmpty()) {
      return blocks;
    }
    blocks.addAll(AnthropicThinking.blocks(m.getProviderItemsJson()));
    if (m.getContent() != null && !m.getContent().isEmpty()) {
      blocks.add(text(m.getContent()));
    }
    for (ToolCall c : m.getToolCalls()) {
      blocks.add(
          ContentBlockParam.ofToolUse(
              ToolUseBlockParam.builder()
                  .id(id(c.getCallId()))
                  .name(c.getName())
                  .input(input(c.getArgumentsJson()))
                  .build()));
    }
    return blocks;
  }

  /** A tool's result: its text, or — where it shows images — its text and image blocks. */
  private static ToolResultBlockParam result(ChatMessage m, List<ImageParts.Part> parts) {
    ToolResultBlockParam.Builder b =
        ToolResultBlockParam.builder().toolUseId(id(m.getToolCallId()));
    if (parts != null) {
      List<ToolResultBlockParam.Content.Block> blocks = new ArrayList<>();
      for (ContentBlockParam block : user(m.getContent() == null ? "" : m.getContent(), parts)) {
        blocks.add(
            block.isImage()
                ? ToolResultBlockParam.Content.Block.ofImage(block.asImage())
                : ToolResultBlockParam.Content.Block.ofText(block.asText()));
      }
      b.contentOfBlocks(blocks);
    } else if (m.getContent() != null && !m.getContent().isEmpty()) {
      b.content(m.getContent());
    }
    if (m.getIsError()) {
      b.isError(true);
    }
    return b.build();
  }

  /** A call's arguments as the input object the API wants ({} when they are not an object). */
  private static ToolUseBlockParam.Input input(String argumentsJson) {
    ToolUseBlockParam.Input.Builder input = ToolUseBlockParam.Input.builder();
    try {
      JsonNode node = PooledJson.MAPPER.readTree(argumentsJson == null ? "{}" : argumentsJson);
      if (node != null && node.isObject()) {
        Map<String, Object> fields =
            PooledJson.MAPPER.convertValue(
                node, new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {});
        fields.forEach((k, v) -> input.putAdditionalProperty(k, JsonValue.from(v)));
      }
    } catch (IOException e) {
      // A model's malformed arguments failed the call already; the use is kept, its input empty.
    }
    return input.build();
  }

  /** The API's id pattern is {@code [a-zA-Z0-9_-]+}. */
  static String id(String callId) {
    String id = callId == null || callId.isEmpty() ? "call" : callId;
    return id.replaceAll("[^a-zA-Z0-9_-]", "_");
  }
}
