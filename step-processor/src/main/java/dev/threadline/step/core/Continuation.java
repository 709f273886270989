package dev.threadline.step.core;

import dev.threadline.config.Utf8;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The text a compaction works on, and the rule-built artifact when the summarizer fails. */
public final class Continuation {
  private static final int LINE_CHARS = 300;

  private Continuation() {}

  /**
   * The active window as plain text for the summarization request, at most {@code maxBytes}: a
   * longer one keeps its start (the goal) and its end (the latest work) and says how much of the
   * middle it left out.
   */
  public static String transcript(List<Message> window, long maxBytes) {
    String whole = transcript(window);
    long bytes = Utf8.length(whole);
    if (bytes <= maxBytes) {
      return whole;
    }
    String marker =
        "\n[… " + bytes + " bytes in all; the middle is left out to fit the request …]\n";
    long half = (maxBytes - Utf8.length(marker)) / 2;
    return Utf8.head(whole, half) + marker + Utf8.tail(whole, half);
  }

  /** The active window as plain text. */
  static String transcript(List<Message> window) {
    StringBuilder text = new StringBuilder();
    for (Message m : window) {
      text.append(m.role().name().toLowerCase(java.util.Locale.ROOT));
      if (m.toolName() != null) {
        text.append(" (").append(m.toolName()).append(m.isError() ? ", error" : "").append(')');
      }
      text.append(": ").append(m.content() == null ? "" : m.content());
      for (ToolCall c : m.toolCalls()) {
        text.append("\n  calls ").append(c.name()).append(' ').append(c.argumentsJson());
      }
      text.append('\n');
    }
    return text.toString();
  }

  /**
   * A structured artifact built by rule: the first user message as the goal, the latest user
   * message as the open request, the tools used, the last answer, and where the full transcript is.
   */
  public static String byRule(List<Message> window) {
    List<String> users = new ArrayList<>();
    Set<String> tools = new LinkedHashSet<>();
    String lastAnswer = null;
    for (Message m : window) {
      if (m.role() == Role.USER && m.content() != null) {
        users.add(m.content());
      }
      m.toolCalls().forEach(c -> tools.add(c.name()));
      if (m.role() == Role.ASSISTANT && m.content() != null && !m.content().isBlank()) {
        lastAnswer = m.content();
      }
    }
    return "Goal: "
        + clip(users.isEmpty() ? "(none stated)" : users.getFirst())
        + "\nConstraints: (not extracted)"
        + "\nDecisions: (not extracted)"
        + "\nDiscoveries: "
        + clip(lastAnswer == null ? "(none)" : lastAnswer)
        + "\nWorking files: (not extracted)"
        + "\nCompleted work: "
        + window.size()
        + " messages; tools used: "
        + (tools.isEmpty() ? "none" : String.join(", ", tools))
        + "\nRemaining work: "
        + clip(users.isEmpty() ? "(unknown)" : users.getLast())
        + "\nOpen loops: (not extracted)"
        + "\nNext steps: continue from the remaining work; the full transcript stays in the thread's message store.";
  }

  private static String clip(String text) {
    String flat = text.replace('\n', ' ');
    return flat.length() <= LINE_CHARS ? flat : flat.substring(0, LINE_CHARS) + "…";
  }
}
