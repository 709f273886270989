package dev.threadline.step.core;

/** Small value enums of the thread domain. */
public final class Enums {
  private Enums() {}

  /** Lifecycle of a thread. COMPLETED, FAILED and TERMINATED accept no further work. */
  public enum Status {
    IDLE,
    RUNNING,
    AWAITING_APPROVAL,
    COMPLETED,
    FAILED,
    TERMINATED;

    public boolean isFinal() {
      return this == COMPLETED || this == FAILED || this == TERMINATED;
    }
  }

  /** Where a message comes from (Toolang message model). */
  public enum Origin {
    INVOKE,
    CHAT,
    TASK,
    CHORE,
    WILL
  }

  /** Scheduling lane of a turn's requests; chat has the highest priority. */
  public enum Lane {
    CHAT,
    TASK,
    CHORE,
    WILL
  }

  public enum Role {
    SYSTEM,
    USER,
    ASSISTANT,
    TOOL
  }

  public enum Permission {
    ALLOW,
    DENY,
    ASK
  }

  public enum CallKind {
    MODEL,
    TOOL,
    /** A tool call with permission ask, waiting for an approval decision. */
    APPROVAL,
    /** A summarization request compacting the active window. */
    COMPACTION
  }

  /** How a message command enters a thread. */
  public enum Delivery {
    /** Start a turn when idle, queue when busy. */
    AUTO,
    /** Always through the FIFO queue (which also starts a turn when idle). */
    QUEUE,
    /** Ahead of the queue, injected at the next model call. */
    STEER
  }
}
