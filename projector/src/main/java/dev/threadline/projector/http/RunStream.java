package dev.threadline.projector.http;

import static dev.threadline.projector.http.ProjectorServer.JSON;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.RunSummary;
import dev.threadline.projector.LiveFeed;
import dev.threadline.projector.view.Runs;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * One run's Server-Sent Events: the event that queued it, then the thread's events from the one
 * that took its input to the one that ended it, then {@code end} with the run. Content deltas are
 * those of the run's own model calls: a delta is sent once the {@code ModelCallRequested} of its
 * request is, and held until then (deltas travel apart from events and may come first), so a run
 * queued behind another's turn never shows that turn's tokens. The stream may be opened before the
 * run's command is sent, on a thread that does not exist yet: it waits for a run of the caller's
 * tenant, and another tenant's run is never one.
 */
final class RunStream {
  private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);
  private static final int PAGE = 500;
  private static final int HELD_DELTAS = 1_024;
  private final LiveFeed feed;
  private final LocalViews views;
  private final BooleanSupplier closed;
  private final String tenant;
  private final String threadId;
  private final String runId;
  private final Set<String> requests = new HashSet<>();
  private final ArrayDeque<ContentDelta> held = new ArrayDeque<>();
  private OutputStream out;
  private long last;
  private boolean resumed;

  RunStream(
      LiveFeed feed,
      LocalViews views,
      BooleanSupplier closed,
      String tenant,
      String threadId,
      String runId) {
    this.feed = feed;
    this.views = views;
    this.closed = closed;
    this.tenant = tenant;
    this.threadId = threadId;
    this.runId = runId;
  }

  /** Streams the run's events after {@code after}; waits up to {@code wait} for its first. */
  void serve(HttpExchange exchange, long after, Duration wait) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
    exchange.getResponseHeaders().set("Cache-Control", "no-cache");
    exchange.sendResponseHeaders(200, 0);
    out = exchange.getResponseBody();
    last = after;
    resumed = after > 0;
    long deadline = System.nanoTime() + wait.toNanos();
    try (LiveFeed.Subscription live = feed.subscribe(threadId)) {
      write(": run " + runId + "\n\n");
      long quietSince = System.nanoTime();
      while (!closed.getAsBoolean()) {
        RunSummary run = own(views.run(threadId, runId));
        if (run == null && System.nanoTime() > deadline) {
          frame("error", JSON.createObjectNode().put("detail", "no run '" + runId + "'"));
          return;
        }
        if (run != null) {
          sendEvents(run);
          if (Runs.isEnded(run) && last >= run.getLastSeq()) {
            frame("end", Runs.json(run));
            return;
          }
        }
        LiveFeed.Item item;
        try {
          item = live.poll(Duration.ofSeconds(1));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        if (item == null) {
          if (System.nanoTime() - quietSince > KEEP_ALIVE.toNanos()) {
            write(": keep-alive\n\n");
            quietSince = System.nanoTime();
          }
          continue;
        }
        quietSince = System.nanoTime();
        // Events are read from the store on the next round (written before they are published).
        if (item instanceof LiveFeed.Item.Delta(ContentDelta d)) {
          delta(d);
        }
      }
    }
  }

  /** The run if it is the caller's: another tenant's is no run of theirs. */
  private RunSummary own(RunSummary run) {
    return run != null && run.getTenantId().equals(tenant) ? run : null;
  }

  private void delta(ContentDelta d) throws IOException {
    if (requests.contains(d.getRequestId())) {
      LiveStream.sendDelta(out, d);
    } else {
      if (held.size() == HELD_DELTAS) {
        held.removeFirst(); // the oldest: another turn's, most likely
      }
      held.add(d);
    }
  }

  /** The run's events after {@code last} that the store has. */
  private void sendEvents(RunSummary run) throws IOException {
    Long start = run.getStartSeq();
    Long end = run.getLastSeq();
    for (Long single : new Long[] {run.getQueuedSeq(), start == null ? end : null}) {
      if (single != null && single > last && (start == null || single < start)) {
        for (ThreadEvent e : views.events(threadId, single - 1, 1)) {
          LiveStream.sendEvent(out, e);
        }
        last = single;
      }
    }
    if (start == null) {
      return;
    }
    long until = end == null ? Long.MAX_VALUE : end;
    // A resumed stream reads the run's earlier events once, for the model calls they requested.
    long from = resumed ? start - 1 : Math.max(last, start - 1);
    resumed = false;
    List<ThreadEvent> page;
    do {
      page = views.events(threadId, from, PAGE);
      for (ThreadEvent e : page) {
        if (e.getSeq() > until) {
          return;
        }
        if (e.getSeq() > last) {
          LiveStream.sendEvent(out, e);
          last = e.getSeq();
        }
        if (e.getPayload() instanceof ModelCallRequested r) {
          requests.add(r.getRequestId());
          releaseHeld(r.getRequestId());
        }
        from = e.getSeq();
      }
    } while (page.size() == PAGE);
  }

  /** The deltas held for {@code requestId}, now that its request was sent. */
  private void releaseHeld(String requestId) throws IOException {
    var own = held.stream().filter(d -> d.getRequestId().equals(requestId)).toList();
    held.removeAll(own);
    for (ContentDelta d : own) {
      LiveStream.sendDelta(out, d);
    }
  }

  private void frame(String event, ObjectNode data) throws IOException {
    write("event: " + event + "\ndata: " + JSON.writeValueAsString(data) + "\n\n");
  }

  private void write(String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }
}
