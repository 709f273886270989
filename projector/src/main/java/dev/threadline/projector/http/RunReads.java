package dev.threadline.projector.http;

import static dev.threadline.projector.http.ProjectorServer.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.RunSummary;
import dev.threadline.projector.LiveFeed;
import dev.threadline.projector.view.Runs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * One run of a thread: its status ({@code GET …/runs/{runId}}), its events as they happen ({@code
 * …/stream}, Server-Sent Events) and its outcome once it ends ({@code …/join}). A run's events are
 * the one that queued its input, if it waited, then every event of the thread from the one that
 * took its input to the one that ended it (its turn's end or its refusal), with the content deltas
 * of its turn's model calls in between; a stream closes with an {@code end} event carrying the run.
 * A run no event has named yet (its command still on its way) is waited for.
 */
final class RunReads {
  private final LiveFeed feed;
  private final LocalViews views;
  private final BooleanSupplier closed;

  RunReads(LiveFeed feed, LocalViews views, BooleanSupplier closed) {
    this.feed = feed;
    this.views = views;
    this.closed = closed;
  }

  /** Whether {@code path} (after {@code runs/}) holds its connection open: streams and joins. */
  static boolean isLong(String path) {
    return path.endsWith("/stream") || path.endsWith("/join");
  }

  /** {@code path}: {@code RUN_ID} or {@code RUN_ID/join}, of a thread of the caller's. */
  void serve(HttpExchange exchange, String threadId, String path, Duration wait)
      throws IOException {
    if (path.endsWith("/join")) {
      join(exchange, threadId, runId(path, "/join"), wait);
    } else {
      RunSummary run = views.run(threadId, runId(path, ""));
      if (run == null) {
        throw Problem.notFound("no run '" + runId(path, "") + "' on thread " + threadId);
      }
      ProjectorServer.json(exchange, 200, Runs.json(run));
    }
  }

  /**
   * The thread's runs, newest first: {@code ?status=} (a comma-separated list), {@code limit} (≤
   * 1,000) and {@code offset} (≤ 10,000), so a read holds at most 11,000 runs however many the
   * thread has had.
   */
  static ObjectNode list(LocalViews views, String threadId, Map<String, String> query) {
    Set<String> statuses = new HashSet<>();
    for (String status : query.getOrDefault("status", "").split(",")) {
      if (!status.isBlank() && !Runs.STATUSES.contains(status.strip())) {
        throw Problem.badRequest("status must be one of " + Runs.STATUSES + ", not " + status);
      }
      statuses.add(status.strip());
    }
    statuses.remove("");
    int limit = (int) Params.longParam(query, "limit", 10, 1, 1000);
    int offset = (int) Params.longParam(query, "offset", 0, 0, 10_000);
    ObjectNode answer = ProjectorServer.JSON.createObjectNode();
    ArrayNode runs = answer.putArray("runs");
    views.newestRuns(threadId, statuses, offset + limit).stream()
        .skip(offset)
        .forEach(r -> runs.add(Runs.json(r)));
    return answer;
  }

  /** {@code path}: {@code RUN_ID/stream}; {@code tenant}'s run only ({@link RunStream}). */
  void stream(
      HttpExchange exchange, String tenant, String threadId, String path, long after, Duration wait)
      throws IOException {
    new RunStream(feed, views, closed, tenant, threadId, runId(path, "/stream"))
        .serve(exchange, after, wait);
  }

  private static String runId(String path, String suffix) {
    String id =
        java.net.URLDecoder.decode(
            path.substring(0, path.length() - suffix.length()), StandardCharsets.UTF_8);
    if (id.isBlank()) {
      throw Problem.notFound("no run id in the path");
    }
    return id;
  }

  /**
   * {@code path}: {@code RUN_ID/join} of {@code tenant}'s thread, which may not be projected yet:
   * it is waited for within {@code wait} (another tenant's is a 404 at once, a thread still missing
   * then is a 404 alike), then the run is joined.
   */
  void joinOnceProjected(
      HttpExchange exchange, String tenant, String threadId, String path, Duration wait)
      throws IOException {
    long deadline = System.nanoTime() + wait.toNanos();
    try (LiveFeed.Subscription live = feed.subscribe(threadId)) {
      while (ThreadReads.owned(views.summary(threadId), tenant, threadId) == null) {
        if (System.nanoTime() >= deadline) {
          throw Problem.notFound("no thread " + threadId);
        }
        if (closed.getAsBoolean() || !nextItem(live)) {
          return;
        }
      }
    }
    join(exchange, threadId, runId(path, "/join"), Duration.ofNanos(deadline - System.nanoTime()));
  }

  /**
   * The run once it ended, with the messages appended while it ran (200), or as it is when {@code
   * wait} passed first (202: join again).
   */
  private void join(HttpExchange exchange, String threadId, String runId, Duration wait)
      throws IOException {
    long deadline = System.nanoTime() + Math.max(0, wait.toNanos());
    try (LiveFeed.Subscription live = feed.subscribe(threadId)) {
      RunSummary run = views.run(threadId, runId);
      while ((run == null || !Runs.isEnded(run)) && System.nanoTime() < deadline) {
        if (closed.getAsBoolean() || !nextItem(live)) {
          return;
        }
        run = views.run(threadId, runId);
      }
      if (run == null) {
        throw Problem.notFound("no run '" + runId + "' on thread " + threadId + " yet");
      }
      ObjectNode answer = JSON.createObjectNode();
      answer.set("run", Runs.json(run));
      if (Runs.isEnded(run) && run.getStartSeq() != null) {
        answer.set("messages", messages(threadId, run.getStartSeq(), run.getLastSeq()));
      }
      ProjectorServer.json(exchange, Runs.isEnded(run) ? 200 : 202, answer);
    }
  }

  /** The messages appended from event {@code start} to event {@code end}, at most 1,000. */
  private com.fasterxml.jackson.databind.JsonNode messages(String threadId, long start, long end) {
    int limit = (int) Math.max(1, Math.min(1_000, end - start + 1));
    List<ThreadEvent> own = new ArrayList<>();
    long after = start - 1;
    long bytes = 0;
    // Page by page (each at most PageBytes.MAX), up to the limit and PageBytes.MAX in all.
    while (after < end && own.size() < limit && bytes < PageBytes.MAX) {
      LocalViews.MessagePage page = views.messages(threadId, after, limit - own.size());
      for (ThreadEvent e : page.messages()) {
        if (e.getSeq() <= end) {
          own.add(e);
          bytes += PageBytes.of(e);
        }
      }
      if (page.lastSeq() <= after) {
        break;
      }
      after = page.lastSeq();
    }
    return ThreadReads.messages(views, threadId, new LocalViews.MessagePage(own, end))
        .get("messages");
  }

  /** Waits for the thread's next live item; false when interrupted. */
  private static boolean nextItem(LiveFeed.Subscription live) {
    try {
      live.poll(Duration.ofSeconds(1));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
