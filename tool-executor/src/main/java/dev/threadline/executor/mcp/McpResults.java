package dev.threadline.executor.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * An MCP tool result as the text a tool result carries: text parts as they are, an embedded text
 * resource's text, an image as the text {@link Images} gives for it (where the executor kept it), a
 * resource link and any other binary part named (type, size) — never pasted as base64 into the
 * model's context. {@code isError} makes the result a tool error (spec §5.2) with the same text.
 */
final class McpResults {
  private McpResults() {}

  /** What becomes of an image part: the text that stands for it in the result. */
  interface Images {
    String show(String mimeType, String base64);

    /** Images named with their type and size, and kept nowhere. */
    Images NAMED = (mimeType, base64) -> binary("image", mimeType, base64);
  }

  static String text(McpSchema.CallToolResult result) {
    return text(result, Images.NAMED);
  }

  static String text(McpSchema.CallToolResult result, Images images) {
    List<String> parts = new ArrayList<>();
    for (McpSchema.Content content : result.content()) {
      parts.add(
          content instanceof McpSchema.ImageContent image
              ? images.show(image.mimeType(), image.data())
              : part(content));
    }
    if (parts.isEmpty() && result.structuredContent() != null) {
      parts.add(String.valueOf(result.structuredContent()));
    }
    return String.join("\n", parts);
  }

  private static String part(McpSchema.Content content) {
    return switch (content) {
      case McpSchema.TextContent text -> text.text();
      case McpSchema.AudioContent audio -> binary("audio", audio.mimeType(), audio.data());
      case McpSchema.EmbeddedResource embedded -> resource(embedded.resource());
      case McpSchema.ResourceLink link -> "[resource " + link.uri() + "]";
      default -> "[" + content.type() + "]";
    };
  }

  private static String resource(McpSchema.ResourceContents contents) {
    return switch (contents) {
      case McpSchema.TextResourceContents text -> text.text();
      case McpSchema.BlobResourceContents blob ->
          binary("resource " + blob.uri(), blob.mimeType(), blob.blob());
      default -> "[resource " + contents.uri() + "]";
    };
  }

  static String binary(String what, String mimeType, String base64) {
    return binary(what, mimeType, base64, null);
  }

  /** A binary part named with its type and size, and {@code note} (null: none) after them. */
  static String binary(String what, String mimeType, String base64, String note) {
    long bytes = base64 == null ? 0 : base64.length() * 3L / 4;
    return "["
        + what
        + ": "
        + mimeType
        + ", "
        + bytes
        + " bytes"
        + (note == null ? "" : ", " + note)
        + "]";
  }

  /** A result the server marked {@code isError}: the executor reports it as a tool error. */
  static final class ToolError extends Exception {
    ToolError(String message) {
      super(message);
    }
  }
}
