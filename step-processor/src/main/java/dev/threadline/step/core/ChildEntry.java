package dev.threadline.step.core;

import dev.threadline.step.core.Enums.ChildStatus;
import java.util.Objects;

/**
 * One child in a parent's {@link ChildRegistry}. {@code status} is its lifecycle; {@code
 * sessionStatus} the last status it reported (sessionStatus, set_status); {@code granted} the
 * subagent budget it holds while it lives; {@code waitingRequestId}, for a blocking subagent, the
 * parent's tool request its result answers.
 */
public record ChildEntry(
    String childThreadId,
    String name,
    String subagentName,
    boolean resumable,
    ChildStatus status,
    String sessionStatus,
    int granted,
    String waitingRequestId) {

  public ChildEntry {
    Objects.requireNonNull(status, "status");
  }

  /** Running: its session has not ended. */
  public boolean active() {
    return status == ChildStatus.RUNNING;
  }

  /**
   * Whether the child thread still lives, and so holds the budget it was {@code granted}: a
   * resumable child lives until it is terminated, any other ends with its turn.
   */
  public boolean alive() {
    return resumable ? status != ChildStatus.TERMINATED : active();
  }

  public ChildEntry withStatus(ChildStatus lifecycle) {
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
