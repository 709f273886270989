package dev.threadline.step.core.machine.commands;

import dev.threadline.config.Utf8;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Input.AppendMessages;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.machine.decision.Decision;

/**
 * Messages appended to an idle thread's conversation from outside, no turn run (LangGraph's {@code
 * updateState}): a user's words or an assistant's text — no tool calls, no tool results, which
 * would leave a call without its answer — each within the message limit. The next turn sees them.
 * They carry no command id: a message with one is a run's input, and these start no run.
 */
public final class AppendedMessages {
  /** The most messages one command appends. */
  public static final int MAX_MESSAGES = 100;

  private AppendedMessages() {}

  public static void append(Decision d, AppendMessages a) {
    String refusal = refusal(d, a);
    if (refusal != null) {
      d.reject(a, refusal);
      return;
    }
    a.messages().forEach(m -> d.append(m));
  }

  private static String refusal(Decision d, AppendMessages a) {
    if (d.state().status() != Status.IDLE) {
      return "messages are appended to an idle thread; this one is " + d.state().status().wire();
    }
    if (a.messages().isEmpty() || a.messages().size() > MAX_MESSAGES) {
      return "append 1 to " + MAX_MESSAGES + " messages, not " + a.messages().size();
    }
    long limit = d.settings.config().limits().messageBytes();
    for (Message m : a.messages()) {
      if (m.role() != Role.USER && m.role() != Role.ASSISTANT) {
        return "an appended message is a user's or an assistant's, not a "
            + m.role().name().toLowerCase(java.util.Locale.ROOT)
            + " message";
      }
      if (!m.toolCalls().isEmpty() || m.content() == null || m.content().isBlank()) {
        return "an appended message is text, without tool calls";
      }
      if (Utf8.length(m.content()) > limit) {
        return "an appended message is at most "
            + limit
            + " bytes ("
            + dev.threadline.config.Limits.key("message.bytes")
            + ")";
      }
    }
    return null;
  }
}
