package dev.threadline.step.core;

/**
 * When the context window is managed, as fractions of the token budget ({@link Tokens#budget}):
 * from {@code pruneAt} older tool outputs are replaced by a marker when a request is assembled;
 * from {@code compactAt} the active window is summarized into a continuation artifact before the
 * next model call; from {@code refuseAt} (after compaction) the call is refused with an event.
 */
public record ContextPolicy(double pruneAt, double compactAt, double refuseAt) {
  public static final ContextPolicy DEFAULTS = new ContextPolicy(0.75, 0.90, 0.98);

  /** Instructions for the summarization request. */
  public static final String COMPACTION_INSTRUCTIONS =
      "Summarize the conversation below into a continuation artifact so the work can go on without it."
          + " Answer with these sections, each a short list: Goal, Constraints, Decisions, Discoveries,"
          + " Working files, Completed work, Remaining work, Open loops, Next steps.";
}
