package dev.threadline.step;

/**
 * Names of the step processor's state stores. Their changelog topics are {@code
 * <application.id>-<name>-changelog}; renaming a store loses its data, so these are contract.
 */
public final class StoreNames {
  /** threadId → ThreadStateValue: the small, bounded per-thread state. */
  public static final String THREAD_STATE = "thread-state";

  /**
   * threadId → AgentDefinition: the agent snapshot frozen at creation, of threads created before
   * frozen agents were shared ({@link #SHARED_AGENTS}); read, and deleted with its thread.
   */
  public static final String THREAD_AGENT = "thread-agent";

  /**
   * digest → AgentDefinition: one copy of each frozen agent (team included) the task's threads run,
   * under the SHA-256 of its encoding — ten thousand threads of one agent cost one copy.
   */
  public static final String SHARED_AGENTS = "shared-agents";

  /**
   * digest → how many of the task's threads run that copy of {@link #SHARED_AGENTS}: kept apart so
   * a thread's creation or deletion writes a count, not the agent again.
   */
  public static final String SHARED_AGENT_THREADS = "shared-agent-threads";

  /** threadId → the digest of its frozen agent in {@link #SHARED_AGENTS}. */
  public static final String THREAD_AGENT_REFS = "thread-agent-refs";

  /**
   * threadId → ThreadDataKey: the key the thread's events are sealed with, wrapped with the
   * operator's events key (only when one is set); deleted with the thread.
   */
  public static final String DATA_KEYS = "thread-data-keys";

  /** threadId|seq → StoredMessage: append-only conversation, range-scanned for context. */
  public static final String THREAD_MESSAGES = "thread-messages";

  /** threadId|seq → QueuedItem: the thread's queued work; the order is in its thread-state. */
  public static final String THREAD_QUEUE = "thread-queue";

  /** threadId|key → KvEntry: the durable per-thread key-value store. */
  public static final String THREAD_KV = "thread-kv";

  /** fireAt|threadId|effectId → EffectTimer: time-ordered scheduled effects. */
  public static final String TIMERS = "thread-timers";

  /** threadId|effectId → EffectRef: where a scheduled effect sits in the timer index. */
  public static final String EFFECTS = "thread-effects";

  /** threadId|commandId → CommandSeen: applied commands, so a repeated commandId is ignored. */
  public static final String COMMAND_IDS = "thread-command-ids";

  /** tenantId/agentName → AgentDefinition: global store fed by the agent-definitions topic. */
  public static final String AGENTS = "agent-definitions-store";

  /** tenant/partition → live threads (global, from tenant-thread-counts). */
  public static final String TENANT_THREADS = "tenant-thread-counts-store";

  /** tenant/partition → TenantUsage (global, in memory, from tenant-usage). */
  public static final String TENANT_USAGE = "tenant-usage-store";

  private StoreNames() {}
}
