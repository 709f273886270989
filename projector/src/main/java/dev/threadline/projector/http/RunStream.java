package dev.threadline.projector.http;

import static dev.threadline.projector.http.ProjectorServer.JSON;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.ModelCallFailed;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.ToolCallRequested;
import dev.threadline.avro.store.RunSummary;
import dev.threadline.projector.LiveFeed;
import dev.threadline.projector.view.Runs;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One run's Server-Sent Events: the event that queued it, then the thread's events from the one
 * that took its input to the one that ended it, then {@code end} with the run. Deltas are those of
 * the run's own model and tool calls — an answer's fragments, a tool's progress — between the
 * call's request and its answer ({@link RunDeltas}); deltas that arrived before the answer was read
 * are sent before it. The stream may be opened before the run's command is sent, on a thread that
 * does not exist yet: it waits for a run of the caller's tenant, and another tenant's run is never
 * one.
 */
final class RunStream {
  /**
   * How long a stream stays quiet before it writes a comment: a closed connection is seen only when
   * a write to it fails, and until then the stream holds one of its tenant's places.
   */
  private static final Duration KEEP_ALIVE = Duration.ofSeconds(1);

  private static final int PAGE = 500;
  private final LiveFeed feed;
  private final LocalViews views;
  private final BooleanSupplier closed;
  private final String tenant;
  private final String threadId;
  private final String runId;
  private final RunDeltas deltas = new RunDeltas();
  private LiveFeed.Subscription live;
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
    try (LiveFeed.Subscription subscription = feed.subscribe(threadId)) {
      live = subscription;
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
        take(item);
      }
    }
  }

  /** The run if it is the caller's: another tenant's is no run of theirs. */
  private RunSummary own(RunSummary run) {
    return run != null && run.getTenantId().equals(tenant) ? run : null;
  }

  private void take(LiveFeed.Item item) throws IOException {
    if (item instanceof LiveFeed.Item.Delta(ContentDelta d)) {
      send(deltas.arrived(d));
    }
  }

  /** The request whose call {@code e} ends, if it ends one. */
  private static String answeredRequest(ThreadEvent e) {
    return switch (e.getPayload()) {
      case ModelCallCompleted c -> c.getRequestId();
      case ModelCallFailed f -> f.getRequestId();
      case ToolCallCompleted t -> t.getRequestId();
      default -> null;
    };
  }

  /** The request {@code e} sends a model or a tool, if it sends one: its deltas may follow. */
  private static String requestedCall(ThreadEvent e) {
    return switch (e.getPayload()) {
      case ModelCallRequested m -> m.getRequestId();
      case ToolCallRequested t -> t.getRequestId();
      default -> null;
    };
  }

  /** Sends what the live feed has for the stream now. */
  private void drain() throws IOException {
    for (LiveFeed.Item item = poll(); item != null; item = poll()) {
      take(item);
    }
  }

  private LiveFeed.Item poll() {
    try {
      return live.poll(Duration.ZERO);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private void send(List<ContentDelta> ready) throws IOException {
    for (ContentDelta d : ready) {
      LiveStream.sendDelta(out, d);
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
        String answers = answeredRequest(e);
        if (e.getSeq() > last) {
          if (answers != null) {
            drain(); // the deltas that came before the answer go first
          }
          LiveStream.sendEvent(out, e);
          last = e.getSeq();
        }
        String requested = requestedCall(e);
        if (requested != null) {
          send(deltas.requested(requested));
        } else if (answers != null) {
          deltas.answered(answers);
        }
        from = e.getSeq();
      }
    } while (!page.isEmpty()); // a page may be short (PageBytes): the log ends at an empty one
  }

  private void frame(String event, ObjectNode data) throws IOException {
    write("event: " + event + "\ndata: " + JSON.writeValueAsString(data) + "\n\n");
  }

  private void write(String text) throws IOException {
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }
}
