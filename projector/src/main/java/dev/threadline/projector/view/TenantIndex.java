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
 *   <li>tags: {@code tenant NUL key NUL value NUL (MAX − lastActivity) NUL threadId} → {@code
 *       status NUL agent}, an entry for each metadata entry the summary keeps, so a search by
 *       metadata reads the threads that have it, newest first, and no other;
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

  /**
   * The tags of {@code s}: a key for each metadata entry its summary keeps, but entries holding a
   * NUL character, which would make the key ambiguous (such an entry is found by no search).
   */
  public static java.util.List<String> tagKeys(ThreadSummary s) {
    String when = SortableNumbers.pad(Long.MAX_VALUE - s.getLastActivity()) + SEP + s.getThreadId();
    return s.getMetadata().entrySet().stream()
        .filter(e -> e.getKey().indexOf(SEP) < 0 && e.getValue().indexOf(SEP) < 0)
        .map(e -> tagStart(s.getTenantId(), e.getKey(), e.getValue()) + when)
        .sorted()
        .toList();
  }

  /** The first key of the tenant's threads tagged {@code key} = {@code value}. */
  public static String tagStart(String tenant, String key, String value) {
    return tenant + SEP + key + SEP + value + SEP;
  }

  /** A key after all of the tenant's threads tagged {@code key} = {@code value}. */
  public static String tagEnd(String tenant, String key, String value) {
    return tenant + SEP + key + SEP + value + '\u0001';
  }

  /**
   * Where a thread or tag key stands in a list newest first: its last activity and thread id, the
   * same suffix in both indexes, so entries of either sort together.
   */
  public static String order(String key) {
    int id = key.lastIndexOf(SEP);
    return key.substring(key.lastIndexOf(SEP, id - 1) + 1);
  }

  /** The thread id of a thread key. */
  public static String threadIdOf(String key) {
    return key.substring(key.lastIndexOf(SEP) + 1);
  }

  /** Whether an entry's value matches the filters (no statuses, no agents: any). */
  public static boolean matches(
      String value, java.util.Set<String> statuses, java.util.Set<String> agents) {
    int sep = value.indexOf(SEP);
    return (statuses.isEmpty() || statuses.contains(value.substring(0, sep)))
        && (agents.isEmpty() || agents.contains(value.substring(sep + 1)));
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
