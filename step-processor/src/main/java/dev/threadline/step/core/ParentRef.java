package dev.threadline.step.core;

/**
 * A child's link to its parent. {@code explicit}: completion is not reported automatically; {@code
 * depth}: 1 for a root thread's child; {@code granted}: the subagent budget its parent gave it.
 */
public record ParentRef(
    String parentThreadId,
    String subagentName,
    String childName,
    boolean resumable,
    boolean explicit,
    int depth,
    int granted) {
  /** A direct child of a root thread that may not start subagents of its own. */
  public ParentRef(
      String parentThreadId,
      String subagentName,
      String childName,
      boolean resumable,
      boolean explicit) {
    this(parentThreadId, subagentName, childName, resumable, explicit, 1, 0);
  }
}
