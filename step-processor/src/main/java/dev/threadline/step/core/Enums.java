package dev.threadline.step.core;

import java.util.Locale;

/** Small value enums of the thread domain. */
public final class Enums {
  private Enums() {}

  /**
   * An enum whose wire form (in events and commands) is its constant's name in lower case: {@code
   * MAX_STEPS} is {@code "max_steps"}.
   */
  public interface Wire {
    String name();

    default String wire() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The constant of {@code type} whose wire form is {@code wire}. */
    static <E extends Enum<E>> E parse(Class<E> type, String wire) {
      return Enum.valueOf(type, wire.toUpperCase(Locale.ROOT));
    }
  }

  /** Lifecycle of a thread. COMPLETED, FAILED and TERMINATED accept no further work. */
  public enum Status implements Wire {
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
  public enum Origin implements Wire {
    INVOKE,
    CHAT,
    TASK,
    CHORE,
    WILL
  }

  /**
   * The thread group a turn runs in (spec: chat, task, chore, will), which is the lane of its model
   * requests; chat has the highest priority. (The Avro contract calls it {@code group}.)
   */
  public enum Lane {
    CHAT,
    TASK,
    CHORE,
    WILL
  }

  /**
   * What a turn does with prompts queued while it runs: {@code JOIN_TURN} (spec §3) drains them all
   * into its context before its next model call; {@code ONE_PER_TURN} leaves them queued until it
   * ends, and each turn then takes one (seed 004: "drains at most one queued prompt").
   */
  public enum QueuedPrompts {
    JOIN_TURN,
    ONE_PER_TURN
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

  /** How a message command enters a thread. */
  public enum Delivery {
    /** Start a turn when idle, queue when busy. */
    AUTO,
    /** Always through the FIFO queue (which also starts a turn when idle). */
    QUEUE,
    /** Ahead of the queue, injected at the next model call. */
    STEER
  }

  /** Why a turn started ({@code TurnStarted.trigger}). */
  public enum Trigger implements Wire {
    /** A user message to an idle thread. */
    MESSAGE,
    /** A message sent through the queue (or steering) to an idle thread. */
    QUEUED_MESSAGE,
    QUEUED_TOOL,
    /** A scheduled effect fired. */
    EFFECT,
    /** A child's report arrived. */
    SUBAGENT,
    /** The previous turn ended with work in the queue. */
    QUEUED,
    /** A dual_ai thread: the other side's turn ended, this side speaks. */
    SIDE_SWITCH,
    /** A branch: the thread goes on from an earlier state of its own. */
    BRANCH
  }

  /** Why a turn ended ({@code TurnCompleted.reason}), in the spec's §6 order where it has one. */
  public enum TurnEnd implements Wire {
    SESSION_STOP,
    SESSION_FAIL,
    STOP_TOOL,
    RESPONSE,
    MAX_STEPS,
    HARD_CAP,
    ABORTED,
    TERMINATED,
    MODEL_ERROR,
    MODEL_ERROR_RETRIES_EXHAUSTED,
    /** No longer decided (requests are re-issued until answered); kept for older events. */
    MODEL_TIMEOUT,
    CONTEXT_FULL;

    /**
     * The turn completed its work (an answer, a session stop, the stop tool, a step limit); the
     * others — errors, a full context, an abort, a termination — failed it.
     */
    public boolean completedWork() {
      return switch (this) {
        case RESPONSE, STOP_TOOL, MAX_STEPS, HARD_CAP, SESSION_STOP -> true;
        default -> false;
      };
    }
  }

  /** What happened to work offered to the queue ({@code MessageQueued.kind}). */
  public enum QueuedKind implements Wire {
    MESSAGE,
    STEER,
    TOOL,
    /** Joined into a chore already queued. */
    CHORE_COALESCED,
    /** Replaced the will already queued. */
    WILL_REPLACED;

    public static QueuedKind of(Queued item) {
      return switch (item) {
        case Queued.QueuedMessage m -> m.steer() ? STEER : MESSAGE;
        case Queued.QueuedTool t -> TOOL;
      };
    }
  }

  /** What a child tells its parent ({@code ChildUpdate.kind}). */
  public enum ChildReport implements Wire {
    /** A sessionStatus or a tool's set_status: the registry's status text, no message. */
    STATUS,
    COMPLETED,
    FAILED,
    TERMINATED,
    /** A tool's notify_parent: a message for the parent. */
    NOTIFY;

    /**
     * The status of a {@link #FAILED} report that says the child's thread could not be created: its
     * registry entry then lives no more (no maxInstances slot, no messages).
     */
    public static final String NOT_CREATED = "not_created";

    /** A report of how the child's session ended, not of its progress. */
    public boolean isResult() {
      return this == COMPLETED || this == FAILED || this == TERMINATED;
    }
  }

  /** A child's lifecycle in its parent's registry (wire: its lower-case name). */
  public enum ChildStatus implements Wire {
    RUNNING,
    COMPLETED,
    FAILED,
    TERMINATED;

    /** The status a child's result puts in the registry. */
    public static ChildStatus of(ChildReport result) {
      return switch (result) {
        case COMPLETED -> COMPLETED;
        case FAILED -> FAILED;
        case TERMINATED -> TERMINATED;
        case STATUS, NOTIFY -> throw new IllegalArgumentException(result + " is not a result");
      };
    }
  }

  /** Why a compaction started ({@code CompactionStarted.trigger}). */
  public enum CompactionTrigger implements Wire {
    /** The active window reached the compaction threshold before a model call. */
    THRESHOLD,
    /** A {@code Compact} command between turns. */
    MANUAL,
    /**
     * The provider answered the step's call that its context is too long: the window is compacted
     * and the call made again.
     */
    OVERFLOW
  }

  /**
   * Who started the tool calls being worked through: after the calls a model asked for, the stop
   * conditions are evaluated; after those the runtime started (a queued tool, immediate subagents)
   * the turn goes on draining the queue and calls the model. (Persisted as {@code fromQueue}.)
   */
  public enum CallBatch {
    MODEL,
    RUNTIME
  }
}
