package dev.threadline.ingest.reads;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A held read's body as the thread that passes it on reads it, with a beat while it is quiet: a
 * virtual thread reads the projector's body into a queue, and a read that waits longer than the
 * interval calls the beat first (on the reading thread, between two of its writes), then waits on.
 * The beat writes to the client, and a write to a client that went away fails: that is how the
 * relay learns of it while the projector has nothing to send (the ingest does not read a connection
 * while its response is open, so a closed one is seen only by writing to it).
 */
public final class HeartbeatInput extends InputStream {
  /** What the reading thread does when the body was quiet for an interval. */
  @FunctionalInterface
  public interface Beat {
    void beat() throws IOException;
  }

  private static final byte[] END = new byte[0];

  private final LinkedBlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>(16);
  private final InputStream upstream;
  private final long intervalNanos;
  private final Beat beat;
  private final Thread pump;
  private volatile IOException failed;
  private byte[] current = new byte[0];
  private int position;

  HeartbeatInput(InputStream upstream, Duration interval, Beat beat) {
    this.upstream = upstream;
    this.intervalNanos = interval.toNanos();
    this.beat = beat;
    this.pump = Thread.ofVirtual().name("held-read-pump").start(this::pump);
  }

  private void pump() {
    byte[] buffer = new byte[8192];
    try {
      for (int n; (n = upstream.read(buffer)) >= 0; ) {
        chunks.put(Arrays.copyOf(buffer, n));
      }
    } catch (IOException e) {
      failed = e;
    } catch (InterruptedException e) {
      failed = new InterruptedIOException("the relay ended");
    }
    chunks.offer(END);
  }

  @Override
  public int read(byte[] into, int offset, int length) throws IOException {
    while (position == current.length) {
      if (current == END) {
        return -1;
      }
      byte[] next;
      try {
        next = chunks.poll(intervalNanos, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("the relay was stopped");
      }
      if (next == null) {
        beat.beat();
        continue;
      }
      if (next == END && failed != null) {
        throw failed;
      }
      current = next;
      position = 0;
    }
    int n = Math.min(length, current.length - position);
    System.arraycopy(current, position, into, offset, n);
    position += n;
    return n;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  /** Ends the pump: closes the projector's body and wakes a read or a full queue that waits. */
  @Override
  public void close() throws IOException {
    pump.interrupt();
    upstream.close();
  }
}
