package dev.threadline.step.core;

/**
 * One child in a parent's registry. {@code status} is its lifecycle — running, completed, failed or
 * terminated; {@code sessionStatus} the last status it reported (sessionStatus, set_status); {@code
 * waitingRequestId}, for a blocking subagent, the parent's tool request its result answers.
 */
public record ChildEntry(
    String childThreadId,
    String name,
    String subagentName,
    boolean resumable,
    String status,
    String sessionStatus,
    int granted,
    String waitingRequestId) {
  public static final String RUNNING = "running";

  /** A child whose result arrives as a message (not blocking). */
  public ChildEntry(
      String childThreadId,
      String name,
      String subagentName,
      boolean resumable,
      String status,
      String sessionStatus,
      int granted) {
    this(childThreadId, name, subagentName, resumable, status, sessionStatus, granted, null);
  }

  /** An entry holding one unit of budget, for the child itself. */
  public ChildEntry(
      String childThreadId,
      String name,
      String subagentName,
      boolean resumable,
      String status,
      String sessionStatus) {
    this(childThreadId, name, subagentName, resumable, status, sessionStatus, 1);
  }

  public boolean active() {
    return !status.equals("completed") && !status.equals("failed") && !status.equals("terminated");
  }

  /**
   * Whether the child thread still lives, and so holds the budget it was {@code granted}: a
   * resumable child lives until it is terminated, any other ends with its turn.
   */
  public boolean alive() {
    return resumable ? !status.equals("terminated") : active();
  }

  public ChildEntry withStatus(String lifecycle) {
    return new ChildEntry(
        childThreadId,
        name,
        subagentName,
        resumable,
        lifecycle,
        sessionStatus,
        granted,
        waitingRequestId);
  }

  public ChildEntry withSessionStatus(String reported) {
    return new ChildEntry(
        childThreadId, name, subagentName, resumable, status, reported, granted, waitingRequestId);
  }
}
