package dev.threadline.ingest.bodies;

import dev.threadline.avro.QueuedPrompts;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.ingest.Problem;
import java.util.Locale;

/**
 * An agent's single-valued options: its {@code group} (chat, task, chore or will), {@code
 * queuedPrompts} — {@code join_turn} (the default: prompts sent while a turn runs join its next
 * model call) or {@code one_per_turn} (they wait for the turn to end, and each turn takes one) —
 * and its {@code description}.
 */
final class AgentOptionsJson {
  /** A description is shown wherever agents are listed: a paragraph, not a document. */
  static final int DESCRIPTION_CHARS = 4_096;

  private AgentOptionsJson() {}

  static QueuedPrompts queuedPrompts(String given) {
    if (given == null) {
      return QueuedPrompts.JOIN_TURN;
    }
    try {
      return QueuedPrompts.valueOf(given.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw Problem.invalid("queuedPrompts", "must be join_turn or one_per_turn");
    }
  }

  static String render(QueuedPrompts queuedPrompts) {
    return queuedPrompts.name().toLowerCase(Locale.ROOT);
  }

  static ThreadGroup group(String given) {
    String value = (given == null ? "task" : given).toUpperCase(Locale.ROOT);
    try {
      return ThreadGroup.valueOf(value);
    } catch (IllegalArgumentException e) {
      throw Problem.invalid("group", "must be chat, task, chore or will");
    }
  }

  static String description(String given) {
    if (given != null && given.length() > DESCRIPTION_CHARS) {
      throw Problem.invalid(
          "description", "at most " + DESCRIPTION_CHARS + " characters, not " + given.length());
    }
    return given;
  }
}
