package dev.threadline.executor.consume;

import java.time.Duration;

/**
 * How soon a consumer that reads requests before their commit polls again after a busy poll. The
 * broker answers such a fetch as soon as anything is appended, so under load the consumer fetched a
 * few requests at a time, as fast as it could turn round: twice the fetches per step of a consumer
 * that reads committed requests (answered once per commit), and the broker's CPU with them. A poll
 * that returned at least {@code busyRecords} requests says they arrive faster than one round trip;
 * the next poll then waits until {@code gap} after that one began, so that one fetch takes what
 * several appends brought. A quiet consumer is not held back: a thread has one model request out at
 * a time, or the tool calls of one reply, so with fewer threads at once than {@code busyRecords} a
 * poll returns that many only when a reply calls that many tools.
 */
public record PollPacing(int busyRecords, Duration gap) {
  /** Polls again at once, however busy. */
  public static final PollPacing NONE = new PollPacing(0, Duration.ZERO);

  /**
   * Nanoseconds to wait before the next poll, after a poll that began {@code sinceStartNanos} ago
   * and returned {@code records}.
   */
  public long waitNanos(int records, long sinceStartNanos) {
    if (busyRecords <= 0 || records < busyRecords) {
      return 0;
    }
    return Math.max(0, gap.toNanos() - sinceStartNanos);
  }
}
