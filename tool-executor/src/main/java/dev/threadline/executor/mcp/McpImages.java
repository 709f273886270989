package dev.threadline.executor.mcp;

import dev.threadline.executor.tools.ToolContext;
import java.util.Base64;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An MCP tool's images, kept in the calling thread's folder ({@code
 * /attachments/mcp/<server>/<request>-<n>.<ext>}, the same path on a re-delivered call) and shown
 * with the result, so a model that sees images is shown them as image parts, as it is a user's
 * attachment. The folder's size and quota rules hold as for any file a tool writes; an image they
 * refuse, or with no files folder, is named with its type and size and why it was not kept.
 */
final class McpImages implements McpResults.Images {
  private final ToolContext context;
  private final String folder;
  private final AtomicInteger count = new AtomicInteger();

  McpImages(ToolContext context, String server) {
    this.context = context;
    this.folder = "/attachments/mcp/" + safe(server) + "/" + safe(context.requestId()) + "-";
  }

  @Override
  public String show(String mimeType, String base64) {
    if (mimeType == null || !mimeType.startsWith("image/")) {
      return McpResults.binary("image", mimeType, base64);
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(base64 == null ? "" : base64);
    } catch (IllegalArgumentException notBase64) {
      return McpResults.binary("image", mimeType, base64, "not base64");
    }
    String path = folder + count.incrementAndGet() + extension(mimeType);
    try {
      context.state().showFile(path, mimeType, bytes);
    } catch (RuntimeException refused) {
      return McpResults.binary("image", mimeType, base64, "not kept: " + refused.getMessage());
    }
    return "[image " + path + ": " + mimeType + ", " + bytes.length + " bytes]";
  }

  private static String extension(String mimeType) {
    String subtype = mimeType.substring("image/".length()).toLowerCase(Locale.ROOT);
    return switch (subtype) {
      case "jpeg" -> ".jpg";
      case "svg+xml" -> ".svg";
      default -> subtype.matches("[a-z0-9]{1,8}") ? "." + subtype : "";
    };
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }
}
