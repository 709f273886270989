package dev.threadline.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Picks free loopback ports for test servers. */
public final class FreePorts {
  private FreePorts() {}

  private static final Set<Integer> issued = ConcurrentHashMap.newKeySet();

  /**
   * A port that was free on 127.0.0.1 a moment ago and that this JVM has not handed out before:
   * servers started side by side (the broker's two listeners, the registry's HTTP and management
   * ports) pick their ports before any of them binds, so the kernel may offer the same one twice.
   */
  public static int next() {
    for (int attempt = 0; attempt < 100; attempt++) {
      try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        socket.setReuseAddress(true);
        if (issued.add(socket.getLocalPort())) {
          return socket.getLocalPort();
        }
      } catch (IOException e) {
        throw new UncheckedIOException("no free loopback port", e);
      }
    }
    throw new IllegalStateException("no loopback port left that was not handed out already");
  }
}
