package dev.threadline.deploy.cli;

import com.fasterxml.jackson.databind.JsonNode;

/** A message as one line of a conversation: who said it, and what. */
final class Conversation {
  private static final int TOOL_TEXT = 300;

  private Conversation() {}

  static String line(JsonNode message) {
    String role = message.path("role").asText().toLowerCase(java.util.Locale.ROOT);
    String content = message.path("content").asText("");
    if (role.equals("tool")) {
      String text = content.length() > TOOL_TEXT ? content.substring(0, TOOL_TEXT) + " …" : content;
      return "  ↳ " + message.path("toolName").asText("tool") + ": " + text;
    }
    StringBuilder line = new StringBuilder(role).append(": ").append(content);
    for (JsonNode call : message.path("toolCalls")) {
      line.append(content.isEmpty() ? "" : " ")
          .append("[calls ")
          .append(call.path("name").asText())
          .append(" ")
          .append(call.path("callId").asText())
          .append("]");
    }
    return line.toString();
  }
}
