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
    return range(1);
  }

  /**
   * The first of {@code span} consecutive ports, all free on 127.0.0.1 a moment ago and none handed
   * out before: for servers that take a port and the next ones (the broker's controller listener,
   * the registry's management port).
   */
  public static int range(int span) {
    for (int attempt = 0; attempt < 100; attempt++) {
      int first = any();
      boolean free = first + span < 65_000;
      for (int i = 0; i < span && free; i++) {
        free = !issued.contains(first + i) && (i == 0 || bindable(first + i));
      }
      if (free) {
        for (int i = 0; i < span; i++) {
          issued.add(first + i);
        }
        return first;
      }
    }
    throw new IllegalStateException("no " + span + " free loopback ports in a row");
  }

  private static boolean bindable(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return socket.isBound();
    } catch (IOException e) {
      return false;
    }
  }

  private static int any() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port", e);
    }
  }
}
