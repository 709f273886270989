package dev.threadline.deploy;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for a stack that must not collide with one already running (bench, chaos). They are picked
 * seconds before the processes bind them, so they come from below the range the kernel gives
 * outgoing connections their local ports from: a port the kernel handed out itself ({@code new
 * ServerSocket(0)}) could be taken in between by any connection the broker or the launcher opens,
 * and the process meant to listen there would fail to start.
 */
final class FreePorts {
  /** Where the ports are picked from, up to the outgoing range. */
  private static final int LOWEST = 10_000;

  /** IANA's dynamic ports, where the kernel's range cannot be read. */
  private static final int[] IANA = {49152, 65535};

  /**
   * Every port handed out in this process: a stack binds its ports only when its processes start,
   * so until then a later pick (the same stack's next port, or another stack's) would find them
   * free too.
   */
  private static final Set<Integer> HANDED_OUT = new HashSet<>();

  private FreePorts() {}

  /** A free port whose next {@code span - 1} ports are free too (controller, management). */
  static synchronized int range(int span) {
    int below = outgoingRange()[0] - span;
    if (below <= LOWEST) {
      throw new IllegalStateException(
          "no ports below the outgoing connections' range (from " + outgoingRange()[0] + ")");
    }
    for (int attempt = 0; attempt < 200; attempt++) {
      int first = ThreadLocalRandom.current().nextInt(LOWEST, below);
      if (free(first, span)) {
        for (int port = first; port < first + span; port++) {
          HANDED_OUT.add(port);
        }
        return first;
      }
    }
    throw new IllegalStateException("no free range of " + span + " ports below " + below);
  }

  private static boolean free(int first, int span) {
    for (int port = first; port < first + span; port++) {
      if (HANDED_OUT.contains(port)) {
        return false;
      }
      try (ServerSocket socket = new ServerSocket(port)) {
        if (!socket.isBound()) {
          return false;
        }
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }

  /** The first and last port the kernel gives outgoing connections. */
  static int[] outgoingRange() {
    try {
      return parseRange(Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")));
    } catch (IOException | RuntimeException e) {
      return IANA.clone();
    }
  }

  static int[] parseRange(String text) {
    String[] parts = text.trim().split("\\s+");
    try {
      return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    } catch (RuntimeException e) {
      return IANA.clone();
    }
  }
}
