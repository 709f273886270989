package dev.threadline.testkit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules a chat-completions endpoint holds a conversation to (OpenAI answers 400 to a request
 * that breaks one): every assistant message with tool calls is followed by exactly one tool message
 * per call id before any other message; no tool message answers a call that was not made just
 * before it; a user message has content; an assistant message has content or tool calls. One check
 * for the state machine's requests and for the test servers that stand in for the API.
 */
public final class ChatSequence {
  private ChatSequence() {}

  /** One message as the rules see it. */
  public record Message(String role, String content, List<String> toolCallIds, String toolCallId) {
    public Message {
      toolCallIds = toolCallIds == null ? List.of() : List.copyOf(toolCallIds);
    }
  }

  /** What is wrong with {@code messages}, in words; empty when the sequence is valid. */
  public static List<String> violations(List<Message> messages) {
    List<String> problems = new ArrayList<>();
    Set<String> awaited = new HashSet<>();
    Set<String> answerable = new HashSet<>();
    for (int i = 0; i < messages.size(); i++) {
      Message m = messages.get(i);
      String at = "messages[" + i + "] (" + m.role() + ")";
      if (m.role().equals("tool")) {
        if (!answerable.contains(m.toolCallId())) {
          problems.add(
              at + ": answers '" + m.toolCallId() + "', which no preceding tool call made");
        } else if (!awaited.remove(m.toolCallId())) {
          problems.add(at + ": a second answer to '" + m.toolCallId() + "'");
        }
        continue;
      }
      if (!awaited.isEmpty()) {
        problems.add(at + ": comes before the answers to " + awaited);
        awaited.clear();
      }
      answerable.clear();
      switch (m.role()) {
        case "user" -> {
          if (m.content() == null || m.content().isEmpty()) {
            problems.add(at + ": has no content");
          }
        }
        case "assistant" -> {
          if (m.toolCallIds().isEmpty() && (m.content() == null || m.content().isEmpty())) {
            problems.add(at + ": has neither content nor tool calls");
          }
          awaited.addAll(m.toolCallIds());
          answerable.addAll(m.toolCallIds());
          if (awaited.size() != m.toolCallIds().size()) {
            problems.add(at + ": repeats a tool call id");
          }
        }
        case "system", "developer" -> {}
        default -> problems.add(at + ": unknown role");
      }
    }
    if (!awaited.isEmpty()) {
      problems.add("the conversation ends before the answers to " + awaited);
    }
    return problems;
  }
}
