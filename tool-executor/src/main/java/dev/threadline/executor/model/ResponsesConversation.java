package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.openai.core.ObjectMappers;
import com.openai.models.responses.EasyInputMessage;
import com.openai.models.responses.ResponseFunctionCallOutputItem;
import com.openai.models.responses.ResponseFunctionToolCall;
import com.openai.models.responses.ResponseInputContent;
import com.openai.models.responses.ResponseInputImage;
import com.openai.models.responses.ResponseInputImageContent;
import com.openai.models.responses.ResponseInputItem;
import com.openai.models.responses.ResponseInputText;
import com.openai.models.responses.ResponseInputTextContent;
import com.openai.models.responses.ResponseOutputItem;
import com.openai.models.responses.ResponseReasoningItem;
import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.ToolCall;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A thread's conversation as Responses API input items, the conversation held by the runtime (the
 * call stores nothing, {@code store: false}): the first message, when it is a system message, is
 * the {@code instructions}; later system messages are system messages in place; user messages are
 * messages of text and image parts; an assistant message is its reasoning items (kept from its
 * answer, {@link #items}), its text as an assistant message and its calls as {@code function_call}
 * items; a tool result is a {@code function_call_output}. An assistant message with neither text
 * nor calls is left out (its reasoning would have nothing to lead to).
 */
final class ResponsesConversation {
  static final String KIND = "openai-responses";

  /** The instructions (null when there are none) and the input items. */
  record Built(String instructions, List<ResponseInputItem> input) {}

  private ResponsesConversation() {}

  static Built of(List<ChatMessage> messages, ImageParts.Sent images) {
    String instructions = null;
    List<ResponseInputItem> input = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      ChatMessage m = messages.get(i);
      String content = m.getContent() == null ? "" : m.getContent();
      switch (m.getRole()) {
        case SYSTEM -> {
          if (i == 0) {
            instructions = content.isEmpty() ? null : content;
          } else {
            input.add(message(EasyInputMessage.Role.SYSTEM, content));
          }
        }
        case USER -> input.add(user(content, images.parts(m, i)));
        case ASSISTANT -> assistant(m, input);
        case TOOL -> input.add(output(m.getToolCallId(), content, images.parts(m, i)));
      }
    }
    return new Built(instructions, input);
  }

  /** A call's output: its text, or — where it shows images — its text and input images. */
  private static ResponseInputItem output(String callId, String text, List<ImageParts.Part> parts) {
    ResponseInputItem.FunctionCallOutput.Builder output =
        ResponseInputItem.FunctionCallOutput.builder().callId(callId);
    if (parts == null) {
      output.output(text);
    } else {
      output.outputOfResponseFunctionCallOutputItemList(
          ImageParts.each(
              parts,
              t ->
                  ResponseFunctionCallOutputItem.ofInputText(
                      ResponseInputTextContent.builder().text(t).build()),
              picture ->
                  ResponseFunctionCallOutputItem.ofInputImage(
                      ResponseInputImageContent.builder()
                          .imageUrl(picture.dataUrl())
                          .detail(ResponseInputImageContent.Detail.AUTO)
                          .build())));
    }
    return ResponseInputItem.ofFunctionCallOutput(output.build());
  }

  private static ResponseInputItem message(EasyInputMessage.Role role, String text) {
    return ResponseInputItem.ofEasyInputMessage(
        EasyInputMessage.builder().role(role).content(text).build());
  }

  private static ResponseInputItem user(String text, List<ImageParts.Part> parts) {
    if (parts == null) {
      return message(EasyInputMessage.Role.USER, text);
    }
    List<ResponseInputContent> content =
        ImageParts.each(
            parts,
            t -> ResponseInputContent.ofInputText(ResponseInputText.builder().text(t).build()),
            picture ->
                ResponseInputContent.ofInputImage(
                    ResponseInputImage.builder()
                        .imageUrl(picture.dataUrl())
                        .detail(ResponseInputImage.Detail.AUTO)
                        .build()));
    return ResponseInputItem.ofEasyInputMessage(
        EasyInputMessage.builder()
            .role(EasyInputMessage.Role.USER)
            .contentOfResponseInputMessageContentList(content)
            .build());
  }

  private static void assistant(ChatMessage m, List<ResponseInputItem> input) {
    boolean text = m.getContent() != null && !m.getContent().isEmpty();
    if (!text && m.getToolCalls().isEmpty()) {
      return;
    }
    input.addAll(reasoning(m.getProviderItemsJson()));
    if (text) {
      input.add(message(EasyInputMessage.Role.ASSISTANT, m.getContent()));
    }
    for (ToolCall c : m.getToolCalls()) {
      input.add(
          ResponseInputItem.ofFunctionCall(
              ResponseFunctionToolCall.builder()
                  .callId(c.getCallId())
                  .name(c.getName())
                  .arguments(c.getArgumentsJson())
                  .build()));
    }
  }

  /**
   * The reasoning items of {@code output} worth keeping — those with their encrypted content, the
   * only ones a call that stores nothing can send back — as provider items, or null.
   */
  static String items(List<ResponseOutputItem> output) {
    ArrayNode kept = PooledJson.MAPPER.createArrayNode();
    for (ResponseOutputItem item : output) {
      if (item.isReasoning() && item.asReasoning().encryptedContent().isPresent()) {
        kept.add(ObjectMappers.jsonMapper().valueToTree(item.asReasoning()));
      }
    }
    if (kept.isEmpty()) {
      return null;
    }
    return PooledJson.MAPPER.createObjectNode().set(KIND, kept).toString();
  }

  private static List<ResponseInputItem> reasoning(String itemsJson) {
    List<ResponseInputItem> items = new ArrayList<>();
    if (itemsJson == null) {
      return items;
    }
    try {
      for (JsonNode item : PooledJson.MAPPER.readTree(itemsJson).path(KIND)) {
        items.add(
            ResponseInputItem.ofReasoning(
                ObjectMappers.jsonMapper().treeToValue(item, ResponseReasoningItem.class)));
      }
    } catch (IOException e) {
      return List.of(); // another provider's items, or none of ours
    }
    return items;
  }
}
