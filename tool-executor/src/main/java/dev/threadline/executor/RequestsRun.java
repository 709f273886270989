package dev.threadline.executor;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request ids this executor has run, most recent last, bounded, and the answers it published
 * for the most recent of them. The step processor re-issues a request that has no result by its
 * deadline, with the same id: one that was lost, one still waiting in a busy lane, or one whose
 * result the thread could not take; and a decision replayed after an aborted transaction sends its
 * requests again. A copy of a request still running here is skipped (its result is on its way); a
 * copy of one answered here gets that same answer again, so the tool or model call does not run
 * twice. A copy is never dropped otherwise: one whose answer is no longer kept (too large, or
 * pushed out by newer ones), or whose run ended without publishing one, runs again — a second call,
 * rather than a thread left waiting for good. After a restart this is empty, so a copy of a request
 * whose run the crash cut short runs again.
 */
final class RequestsRun {
  private static final Logger log = LoggerFactory.getLogger(RequestsRun.class);

  static final int REMEMBERED = 100_000;

  /** The answers kept by default, per kind of request: a copy after that many bytes is skipped. */
  static final long KEPT_BYTES = 16L << 20;

  /** What a copy of a request gets. */
  sealed interface Offer {
    /** The first: run it. */
    record Run() implements Offer {}

    /** Answered here already: publish {@code result}, the record's value as it was sent, again. */
    record Again(byte[] result) implements Offer {}

    /** Running here still: its answer is on its way. */
    record Skip() implements Offer {}
  }

  /** Whether a request offered to run is running still, or was answered. */
  private enum State {
    RUNNING,
    ANSWERED
  }

  private final Map<String, State> ids =
      new LinkedHashMap<>(1_024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, State> eldest) {
          return size() > REMEMBERED;
        }
      };

  private final Map<String, byte[]> answers = new LinkedHashMap<>();
  private final long maxKeptBytes;
  private long keptBytes;

  RequestsRun() {
    this(KEPT_BYTES);
  }

  RequestsRun(long maxKeptBytes) {
    this.maxKeptBytes = maxKeptBytes;
  }

  /** What to do with request {@code requestId} ({@code kind} and thread name it in the log). */
  synchronized Offer offer(String kind, String requestId, String threadId) {
    State state = ids.putIfAbsent(requestId, State.RUNNING);
    if (state == null) {
      return new Offer.Run();
    }
    byte[] answer = answers.get(requestId);
    if (answer != null) {
      log.info("answering a copy of {} request {} of thread {} again", kind, requestId, threadId);
      return new Offer.Again(answer);
    }
    if (state == State.RUNNING) {
      log.debug(
          "skipping {} request {} of thread {}: it runs here already", kind, requestId, threadId);
      return new Offer.Skip();
    }
    log.warn(
        "running a copy of {} request {} of thread {} again: its answer is no longer kept",
        kind,
        requestId,
        threadId);
    ids.put(requestId, State.RUNNING);
    return new Offer.Run();
  }

  /**
   * Whether to run request {@code requestId}: true the first time; for a copy, {@code answerAgain}
   * gets the answer kept for it, if any, and it is not run.
   */
  boolean runs(
      String kind, String requestId, String threadId, java.util.function.Consumer<byte[]> again) {
    return switch (offer(kind, requestId, threadId)) {
      case Offer.Run first -> true;
      case Offer.Skip running -> false;
      case Offer.Again answered -> {
        again.accept(answered.result());
        yield false;
      }
    };
  }

  /** Request {@code requestId}, offered to run, was answered with {@code result}: keep it. */
  synchronized void answered(String requestId, byte[] result) {
    if (!ids.containsKey(requestId)) {
      return;
    }
    ids.put(requestId, State.ANSWERED);
    if (result.length > maxKeptBytes) {
      return;
    }
    byte[] before = answers.put(requestId, result);
    keptBytes += result.length - (before == null ? 0 : before.length);
    Iterator<byte[]> oldest = answers.values().iterator();
    while (keptBytes > maxKeptBytes) {
      keptBytes -= oldest.next().length;
      oldest.remove();
    }
  }

  /**
   * Publishes the answer of {@code requestId}, offered to this caller to run, with {@code publish}
   * (which returns the record's value as sent) and keeps it; if publishing fails, a copy runs the
   * request again rather than wait for this run's answer.
   */
  void publish(String requestId, Supplier<byte[]> publish) {
    byte[] sent;
    try {
      sent = publish.get();
    } catch (RuntimeException e) {
      unanswered(requestId);
      throw e;
    }
    answered(requestId, sent);
  }

  /**
   * The run of {@code requestId}, offered to this caller, ended without an answer published (its
   * publication failed): a copy runs it again.
   */
  private synchronized void unanswered(String requestId) {
    ids.remove(requestId, State.RUNNING);
  }

  synchronized long keptBytes() {
    return keptBytes;
  }
}
