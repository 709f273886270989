package dev.threadline.agents;

/**
 * Who a user-role message says sent it, when the runtime itself writes it: the thread ({@code
 * self}), its parent ({@code parent:<threadId>}), one of its subagents ({@code subagent:<name>}).
 * Messages between agents are silent (the agent model's): the receiving agent reads them as user
 * messages that name the sending instance, while a front end shows them as the agents' exchange,
 * not as words of the person it serves.
 */
public final class Senders {
  /** The thread itself: task, chore and will messages, a compaction's continuation. */
  public static final String SELF = "self";

  private static final String PARENT = "parent:";
  private static final String SUBAGENT = "subagent:";

  private Senders() {}

  /** The sender of the messages a child gets from its parent thread. */
  public static String parent(String parentThreadId) {
    return PARENT + parentThreadId;
  }

  /** The sender of a subagent's report to its parent: the subagent's instance name. */
  public static String subagent(String name) {
    return SUBAGENT + name;
  }

  /** Whether a message from {@code sender} passes between agents (silent). */
  public static boolean silent(String sender) {
    return sender != null && (sender.startsWith(PARENT) || sender.startsWith(SUBAGENT));
  }
}
