package dev.threadline.ingest.reads;

import dev.threadline.config.OpenSlots;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.jboss.resteasy.reactive.server.spi.ServerHttpResponse;

/**
 * One held read being passed on — a stream, a wait — tied to the client that asked for it: when the
 * client goes away the relay ends, its read of the projector is closed and its place given back,
 * rather than when the projector next writes (a quiet thread's stream writes once in 15 s) or
 * never. The ingest reads no connection while its response is open, so a client's closing is seen
 * only by writing to it: a relay of events writes a comment whenever it was quiet for {@link #BEAT}
 * ({@link HeartbeatInput}), and the write after the one the closed connection refused finds the
 * response closed. Made with the read's slot, the projector's answer and the client's response; the
 * thread that passes the body on {@link #close closes} it at the end, whatever happened.
 */
public final class HeldRelay implements AutoCloseable {
  /** How long a relay of events may be quiet before it writes a comment to its client. */
  static final Duration BEAT = Duration.ofSeconds(1);

  private static final byte[] KEEP_ALIVE = ": keep-alive\n\n".getBytes(StandardCharsets.UTF_8);

  private final OpenSlots.Slot slot;
  private final HttpResponse<InputStream> upstream;
  private final ServerHttpResponse client;

  /** {@code client}: the response the body is passed on to (null: none to watch). */
  HeldRelay(OpenSlots.Slot slot, HttpResponse<InputStream> upstream, ServerHttpResponse client) {
    this.slot = slot;
    this.upstream = upstream;
    this.client = client;
  }

  /**
   * The projector's body, read with {@code beat} run whenever it was quiet for {@link #BEAT}: the
   * beat writes to the client; once the client is gone the read fails instead.
   */
  public InputStream body(HeartbeatInput.Beat beat) {
    return new HeartbeatInput(
        upstream.body(),
        BEAT,
        () -> {
          if (client != null && client.closed()) {
            throw new IOException("the client went away");
          }
          beat.beat();
        });
  }

  /**
   * Passes the projector's body on to {@code out} as it comes; a stream of {@code events} (SSE)
   * gets a comment between two events whenever it was quiet for {@link #BEAT}. Returns when the
   * body ended or the client went away; a failure to read the body is thrown.
   */
  public void pass(OutputStream out, boolean events) throws IOException {
    ClientOutput to = new ClientOutput(out);
    HeartbeatInput.Beat beat =
        () -> {
          if (events && to.betweenEvents()) {
            to.send(KEEP_ALIVE, KEEP_ALIVE.length);
          }
        };
    try (InputStream in = body(beat)) {
      byte[] buffer = new byte[8192];
      for (int n; (n = in.read(buffer)) >= 0; ) {
        to.send(buffer, n);
      }
    } catch (IOException e) {
      if (!to.failed && (client == null || !client.closed())) {
        throw e;
      } // the client went away: nothing is left to tell it
    }
  }

  /** The relay ended: its read of the projector is closed and its place given back. */
  @Override
  public void close() {
    ProjectorReads.abandon(upstream);
    slot.close();
  }

  /** The client's side of a relay: what was last written to it, and whether a write failed. */
  private static final class ClientOutput {
    private final OutputStream out;
    private byte beforeLast = '\n';
    private byte last = '\n';
    private boolean failed;

    ClientOutput(OutputStream out) {
      this.out = out;
    }

    void send(byte[] bytes, int n) throws IOException {
      try {
        out.write(bytes, 0, n);
        out.flush();
      } catch (IOException e) {
        failed = true;
        throw e;
      }
      if (n >= 2) {
        beforeLast = bytes[n - 2];
      } else if (n == 1) {
        beforeLast = last;
      }
      if (n >= 1) {
        last = bytes[n - 1];
      }
    }

    /** Whether what was written ends an event (or nothing was): a comment may go here. */
    boolean betweenEvents() {
      return beforeLast == '\n' && last == '\n';
    }
  }
}
