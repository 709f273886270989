package dev.threadline.ingest.bodies;

import dev.threadline.avro.QueuedPrompts;
import dev.threadline.ingest.Problem;
import java.util.Locale;

/**
 * An agent's {@code queuedPrompts}: {@code join_turn} (the default: prompts sent while a turn runs
 * join its next model call) or {@code one_per_turn} (they wait for the turn to end, and each turn
 * takes one).
 */
final class QueuedPromptsJson {
  private QueuedPromptsJson() {}

  static QueuedPrompts read(String given) {
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
}
