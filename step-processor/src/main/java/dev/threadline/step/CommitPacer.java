package dev.threadline.step;

import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Asks for a commit before the commit interval when, and only when, something waits on it.
 *
 * <p>Executors act on model requests and read-only tools' before their decision commits, so most
 * steps no longer wait for a commit and the interval is long (100 ms: fewer transactions, each of
 * which blocks the stream thread and makes the broker write markers). Two things still wait: a
 * request the executor acts on only once it has committed (a tool with side effects, or any request
 * when speculation is off) — seen here as a request not answered within {@link #PATIENCE_MS} — and
 * a decision after which the thread waits on nobody of ours (a turn's end, an approval asked for),
 * whose events a reader outside sees only once committed. Either asks for a commit at once, but
 * never sooner than {@link #MIN_GAP_MS} after the last one asked: the cadence the step processor
 * committed at when every request waited, so a loaded processor whose requests wait commits as
 * often as it did then.
 *
 * <p>An executor says on each result whether it read the request before its decision committed
 * ({@code readBeforeCommit}). Requests of a kind (model calls; a tool's calls, by name) whose last
 * result said so are not waited on: a model call that takes seconds would otherwise ask for a
 * commit every {@link #MIN_GAP_MS} for nothing. A kind whose result says otherwise (an executor
 * restarted with speculation off, a tool whose hooks have side effects) is waited on again; until
 * then such a request waits at most the commit interval. Only the commit's timing is at stake,
 * never what is committed.
 *
 * <p>One per stream thread ({@link #ofThisStreamThread}): a commit covers all of the thread's
 * tasks, so its tasks must not each pace their own. Not thread-safe; its thread's alone.
 */
public final class CommitPacer {
  /** How long a request may go unanswered before its decision's commit is what it waits for. */
  static final long PATIENCE_MS = 10;

  /** The least time between two commits asked for early (the former commit interval). */
  public static final long MIN_GAP_MS = 20;

  /** How often the step processor asks {@link #commitDue}. */
  static final java.time.Duration CHECK_EVERY = java.time.Duration.ofMillis(5);

  /** The most kinds it learns about (tool names come from agents' definitions, and results). */
  static final int MAX_KINDS = 1_024;

  private static final ThreadLocal<CommitPacer> PER_THREAD =
      ThreadLocal.withInitial(() -> new CommitPacer(0));

  /** A request sent, and its kind: {@link #MODEL} or {@link #tool}. */
  record Sent(String requestId, String kind) {}

  /** The kind of every model request (any lane: one consumer of an executor reads them all). */
  static final String MODEL = "model";

  /** The kind of tool {@code name}'s requests. */
  static String tool(String name) {
    return "tool " + name;
  }

  /** The kinds whose last result was read before its decision committed. */
  private final Set<String> readBeforeCommit = new HashSet<>();

  /** Requests decided since the last commit asked for, by id, oldest first: when each was sent. */
  private final Map<String, Long> sent = new LinkedHashMap<>();

  private boolean readersWait;
  private long lastAsked;

  CommitPacer(long lastAsked) {
    this.lastAsked = lastAsked;
  }

  static CommitPacer ofThisStreamThread() {
    return PER_THREAD.get();
  }

  /**
   * A decision carried out at {@code now}: on the answer to {@code answered} (null for any other
   * input), sending {@code requests}; {@code leavesThreadWaiting} when it sent none and its events
   * are for readers outside.
   */
  void decided(String answered, List<Sent> requests, boolean leavesThreadWaiting, long now) {
    if (answered != null) {
      sent.remove(answered);
    }
    for (Sent request : requests) {
      if (!readBeforeCommit.contains(request.kind())) {
        sent.putIfAbsent(request.requestId(), now);
      }
    }
    readersWait |= leavesThreadWaiting;
  }

  /** A result of a request of {@code kind} came, read before its decision committed or not. */
  void answered(String kind, boolean wasReadBeforeCommit) {
    if (!wasReadBeforeCommit) {
      readBeforeCommit.remove(kind);
    } else if (readBeforeCommit.size() < MAX_KINDS) {
      readBeforeCommit.add(kind);
    }
  }

  /** Whether to ask for a commit now; if so, what it commits is no longer waited for here. */
  boolean commitDue(long now) {
    if (now - lastAsked < MIN_GAP_MS) {
      return false;
    }
    Iterator<Long> oldest = sent.values().iterator();
    boolean due = readersWait || (oldest.hasNext() && now - oldest.next() >= PATIENCE_MS);
    if (due) {
      sent.clear();
      readersWait = false;
      lastAsked = now;
    }
    return due;
  }

  /** How many requests it remembers (bounded by what {@link #MIN_GAP_MS} of decisions send). */
  int waiting() {
    return sent.size();
  }
}
