package dev.threadline.executor;

import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request ids this executor has run, most recent last, bounded. The step processor re-issues a
 * request that has no result by its deadline — one that was lost, or one still waiting in a busy
 * lane — with the same id; a copy of a request already run here is skipped, because its result is
 * already on its way (published before the input's offset is committed). After a restart this is
 * empty, so a copy of a request whose run the crash cut short runs again.
 */
final class RequestsRun {
  private static final Logger log = LoggerFactory.getLogger(RequestsRun.class);
  static final int REMEMBERED = 100_000;

  private final Map<String, Boolean> ids =
      new LinkedHashMap<>(1_024, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
          return size() > REMEMBERED;
        }
      };

  /**
   * True the first time {@code requestId} is offered: run it; false for a copy: skip it (and say so
   * in the log, naming the {@code kind} of request and its thread).
   */
  synchronized boolean first(String kind, String requestId, String threadId) {
    boolean first = ids.putIfAbsent(requestId, Boolean.TRUE) == null;
    if (!first) {
      log.debug(
          "skipping {} request {} of thread {}: a copy of it ran here already",
          kind,
          requestId,
          threadId);
    }
    return first;
  }
}
