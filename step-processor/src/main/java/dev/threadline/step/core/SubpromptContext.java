package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a subprompt's model sees (spec §5.3): its own system prompt; the caller's conversation only
 * if {@code includeChat} — its user and assistant text, and its tool calls with their results only
 * if {@code includePastTools}; then the call's message as a user message. Always a valid
 * chat-completions sequence: a tool call goes with its result or not at all, so the call that runs
 * this very subprompt (still unanswered) is left out.
 */
public final class SubpromptContext {
  private SubpromptContext() {}

  /**
   * @param window the caller's active window, oldest first
   * @param message the call's user message, or blank for none
   */
  public static List<Message> messages(Subprompt subprompt, List<Message> window, String message) {
    return messages(subprompt, window, message, List.of());
  }

  /** As {@link #messages(Subprompt, List, String)}, {@code attachments} with its user message. */
  public static List<Message> messages(
      Subprompt subprompt,
      List<Message> window,
      String message,
      List<Values.Attachment> attachments) {
    List<Message> out = new ArrayList<>();
    out.add(Message.system(subprompt.prompt()));
    if (subprompt.includeChat()) {
      Set<String> answered = new HashSet<>();
      for (Message m : window) {
        if (m.role() == Role.TOOL) {
          answered.add(m.toolCallId());
        }
      }
      Set<String> kept = new HashSet<>();
      for (Message m : window) {
        switch (m.role()) {
          case SYSTEM -> {} // the caller's instructions are not the subprompt's
          case USER -> out.add(m);
          case ASSISTANT -> {
            List<ToolCall> calls =
                subprompt.includePastTools()
                    ? m.toolCalls().stream().filter(c -> answered.contains(c.callId())).toList()
                    : List.of();
            calls.forEach(c -> kept.add(c.callId()));
            boolean text = m.content() != null && !m.content().isBlank();
            if (text || !calls.isEmpty()) {
              out.add(Message.assistant(text ? m.content() : null, calls));
            }
          }
          case TOOL -> {
            if (kept.contains(m.toolCallId())) {
              out.add(m);
            }
          }
        }
      }
    }
    if ((message != null && !message.isBlank()) || !attachments.isEmpty()) {
      out.add(
          Message.user(
              new InboundMessage(
                  Enums.Origin.INVOKE,
                  null,
                  null,
                  message == null ? "" : message,
                  java.util.Map.of(),
                  attachments)));
    }
    return out;
  }
}
