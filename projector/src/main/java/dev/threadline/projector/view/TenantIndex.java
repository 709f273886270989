package dev.threadline.projector.view;

import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.keys.SortableNumbers;

/**
 * Keys of the per-tenant indexes the thread list and the status counts are read from, so that a
 * tenant's request reads that tenant's entries only, never every thread of every tenant:
 *
 * <ul>
 *   <li>threads: {@code tenant NUL (MAX − lastActivity) NUL threadId} → {@code status NUL agent},
 *       so a range over one tenant yields its threads newest first;
 *   <li>counts: {@code tenant NUL status} → how many of the tenant's threads have that status.
 * </ul>
 */
public final class TenantIndex {
  private static final char SEP = '\u0000';

  private TenantIndex() {}

  public static String threadKey(ThreadSummary s) {
    return s.getTenantId()
        + SEP
        + SortableNumbers.pad(Long.MAX_VALUE - s.getLastActivity())
        + SEP
        + s.getThreadId();
  }

  public static String threadValue(ThreadSummary s) {
    return s.getStatus().name() + SEP + (s.getAgentName() == null ? "" : s.getAgentName());
  }

  /** The thread id of a thread key. */
  public static String threadIdOf(String key) {
    return key.substring(key.lastIndexOf(SEP) + 1);
  }

  /** Whether an entry's value matches the filters (null: any). */
  public static boolean matches(String value, String status, String agent) {
    int sep = value.indexOf(SEP);
    return (status == null || value.substring(0, sep).equals(status))
        && (agent == null || value.substring(sep + 1).equals(agent));
  }

  public static String countKey(String tenant, String status) {
    return tenant + SEP + status;
  }

  public static String statusOf(String countKey) {
    return countKey.substring(countKey.indexOf(SEP) + 1);
  }

  /** The first key of {@code tenant}'s entries in either index. */
  public static String start(String tenant) {
    return tenant + SEP;
  }

  /** A key after all of {@code tenant}'s entries in either index. */
  public static String end(String tenant) {
    return tenant + '\u0001';
  }
}
