package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/**
 * The local stack's ports are picked before its processes bind them, seconds later. A port from the
 * range the kernel gives outgoing connections their local ports from can be taken in between by any
 * connection the broker or the launcher opens, and the process that was to listen on it fails to
 * start (seen once: the schema registry could not bind its port).
 */
class FreePortsTest {
  @Test
  void freePortsAreBelowTheRangeOutgoingConnectionsTakeTheirPortsFrom() throws Exception {
    int outgoingFrom = FreePorts.outgoingRange()[0];
    for (int i = 0; i < 20; i++) {
      int first = FreePorts.range(2);
      assertThat(first + 1).isLessThan(outgoingFrom);
      try (ServerSocket a = new ServerSocket(first);
          ServerSocket b = new ServerSocket(first + 1)) {
        assertThat(a.isBound() && b.isBound()).isTrue();
      }
    }
  }

  @Test
  void rangesPickedInOneProcessNeverOverlapThoughNoneIsBoundYet() {
    java.util.Set<Integer> taken = new java.util.HashSet<>();
    for (int i = 0; i < 500; i++) {
      int first = FreePorts.range(2);
      assertThat(taken.add(first)).as("port %d handed out twice", first).isTrue();
      assertThat(taken.add(first + 1)).as("port %d handed out twice", first + 1).isTrue();
    }
  }

  @Test
  void theOutgoingRangeIsTheKernelsAndTheIanaOneWhereItCannotBeRead() {
    assertThat(FreePorts.parseRange("32768\t60999\n")).containsExactly(32768, 60999);
    assertThat(FreePorts.parseRange("garbage")).containsExactly(49152, 65535);
  }
}
