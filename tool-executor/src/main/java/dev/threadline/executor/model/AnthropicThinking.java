package dev.threadline.executor.model;

import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.RedactedThinkingBlockParam;
import com.anthropic.models.messages.ThinkingBlockParam;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * An answer's thinking, kept with the assistant message it became ({@code providerItemsJson}, under
 * {@code "anthropic"}) and sent back, unchanged and first, with that message: the Messages API
 * refuses a tool loop's assistant turn without the thinking it came with, and checks each block's
 * signature. Redacted thinking goes back as the encrypted data it came as.
 */
final class AnthropicThinking {
  private AnthropicThinking() {}

  /** The thinking blocks of {@code content} as provider items, or null when there are none. */
  static String items(List<ContentBlock> content) {
    ArrayNode blocks = PooledJson.MAPPER.createArrayNode();
    for (ContentBlock block : content) {
      if (block.isThinking()) {
        blocks
            .addObject()
            .put("type", "thinking")
            .put("thinking", block.asThinking().thinking())
            .put("signature", block.asThinking().signature());
      } else if (block.isRedactedThinking()) {
        blocks
            .addObject()
            .put("type", "redacted_thinking")
            .put("data", block.asRedactedThinking().data());
      }
    }
    if (blocks.isEmpty()) {
      return null;
    }
    ObjectNode items = PooledJson.MAPPER.createObjectNode();
    items.set(AnthropicClients.KIND, blocks);
    return items.toString();
  }

  /** The thinking blocks {@code itemsJson} keeps for this provider (none for another's items). */
  static List<ContentBlockParam> blocks(String itemsJson) {
    List<ContentBlockParam> blocks = new ArrayList<>();
    if (itemsJson == null) {
      return blocks;
    }
    JsonNode kept;
    try {
      kept = PooledJson.MAPPER.readTree(itemsJson).path(AnthropicClients.KIND);
    } catch (IOException e) {
      return blocks; // written by a provider of another shape; nothing of ours in it
    }
    for (JsonNode block : kept) {
      switch (block.path("type").asText()) {
        case "thinking" ->
            blocks.add(
                ContentBlockParam.ofThinking(
                    ThinkingBlockParam.builder()
                        .thinking(block.path("thinking").asText())
                        .signature(block.path("signature").asText())
                        .build()));
        case "redacted_thinking" ->
            blocks.add(
                ContentBlockParam.ofRedactedThinking(
                    RedactedThinkingBlockParam.builder()
                        .data(block.path("data").asText())
                        .build()));
        default -> {}
      }
    }
    return blocks;
  }
}
