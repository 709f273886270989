package dev.threadline.projector.http;

import static dev.threadline.projector.http.ProjectorServer.JSON;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolProgress;
import dev.threadline.projector.LiveFeed;
import dev.threadline.topics.RecordJson;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/** One live stream of a thread's events (SSE), from its timeline and then the live feed. */
final class LiveStream {
  /**
   * How long a stream stays quiet before it writes a comment: a closed connection is seen only when
   * a write to it fails, and until then the stream holds one of its tenant's places.
   */
  private static final Duration KEEP_ALIVE = Duration.ofSeconds(1);

  private final LiveFeed feed;
  private final LocalViews views;
  private final BooleanSupplier closed;

  LiveStream(LiveFeed feed, LocalViews views, BooleanSupplier closed) {
    this.feed = feed;
    this.views = views;
    this.closed = closed;
  }

  /**
   * Server-Sent Events: every event after {@code Last-Event-ID} (or {@code ?after=}) from the
   * timeline store, then live ones as they are projected, with content deltas in between. The
   * subscription starts before the replay, and an event at or below the last one sent is skipped,
   * so nothing is lost or repeated in the hand-over; a gap (a slow client whose queue overflowed)
   * is filled from the store.
   */
  void serve(HttpExchange exchange, String threadId, long after) throws IOException {
    long last = after;
    exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
    exchange.getResponseHeaders().set("Cache-Control", "no-cache");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    try (LiveFeed.Subscription live = feed.subscribe(threadId)) {
      out.write(": threadline stream\n\n".getBytes(StandardCharsets.UTF_8));
      last = replay(out, threadId, last);
      long quietSince = System.nanoTime();
      while (!closed.getAsBoolean()) {
        LiveFeed.Item item;
        try {
          item = live.poll(Duration.ofSeconds(1));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        if (live.takeOverflow()) {
          last = replay(out, threadId, last);
        }
        if (item == null) {
          if (System.nanoTime() - quietSince > KEEP_ALIVE.toNanos()) {
            out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            quietSince = System.nanoTime();
          }
          continue;
        }
        quietSince = System.nanoTime();
        switch (item) {
          case LiveFeed.Item.Event(ThreadEvent e) -> {
            if (e.getSeq() == last + 1) {
              sendEvent(out, e);
              last = e.getSeq();
            } else if (e.getSeq() > last + 1) {
              last = replay(out, threadId, last);
            }
          }
          case LiveFeed.Item.Delta(ContentDelta d) -> sendDelta(out, d);
        }
      }
    }
  }

  private long replay(OutputStream out, String threadId, long after) throws IOException {
    long last = after;
    List<ThreadEvent> page;
    do {
      page = views.events(threadId, last, 500);
      for (ThreadEvent e : page) {
        sendEvent(out, e);
        last = e.getSeq();
      }
    } while (!page.isEmpty()); // a page may be short (PageBytes): the log ends at an empty one
    out.flush();
    return last;
  }

  static void sendEvent(OutputStream out, ThreadEvent e) throws IOException {
    String frame =
        "id: "
            + e.getSeq()
            + "\nevent: "
            + e.getPayload().getClass().getSimpleName()
            + "\ndata: "
            + JSON.writeValueAsString(RecordJson.event(e))
            + "\n\n";
    out.write(frame.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /**
   * A model's streamed fragment as {@code event: delta}, or a running tool call's progress as
   * {@code event: progress}.
   */
  static void sendDelta(OutputStream out, ContentDelta d) throws IOException {
    ObjectNode data =
        JSON.createObjectNode().put("requestId", d.getRequestId()).put("index", d.getIndex());
    ToolProgress progress = d.getProgress();
    if (progress == null) {
      data.put("text", d.getText());
    } else {
      data.put("progress", progress.getProgress());
      if (progress.getTotal() != null) {
        data.put("total", progress.getTotal());
      }
      if (progress.getMessage() != null) {
        data.put("message", progress.getMessage());
      }
    }
    String event = progress == null ? "delta" : "progress";
    out.write(
        ("event: " + event + "\ndata: " + JSON.writeValueAsString(data) + "\n\n")
            .getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  // ---- gathered from every instance: thread list and stats ----
}
