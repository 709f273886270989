package dev.threadline.executor.consume;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A lane's permits: the whole lane for a lone tenant, fair turns while another tenant waits. */
class LaneBudgetTest {
  private final LaneBudget lane = new LaneBudget(4, 0.5);
  private final CountDownLatch go = new CountDownLatch(1);
  private final List<String> started = new CopyOnWriteArrayList<>();

  private Thread call(String tenant, String name) {
    return Thread.ofVirtual()
        .start(
            () ->
                lane.run(
                    tenant,
                    () -> {
                      started.add(name);
                      try {
                        go.await();
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                      return null;
                    }));
  }

  @Test
  void aLoneTenantUsesTheWholeLane() throws Exception {
    for (int i = 0; i < 4; i++) {
      call("busy", "b" + i);
    }

    awaitStarted(4);
    assertThat(lane.running("busy")).isEqualTo(4);
    go.countDown();
  }

  @Test
  void whileAnotherTenantWaitsATenantAtItsShareWaitsBehindIt() throws Exception {
    LaneBudget small = new LaneBudget(2, 0.5);
    CountDownLatch releaseA1 = new CountDownLatch(1);
    CountDownLatch releaseA2 = new CountDownLatch(1);
    List<String> order = new CopyOnWriteArrayList<>();
    Thread a1 =
        Thread.ofVirtual().start(() -> small.run("busy", () -> hold(releaseA1, order, "a1")));
    Thread a2 =
        Thread.ofVirtual().start(() -> small.run("busy", () -> hold(releaseA2, order, "a2")));
    awaitRunning(small, "busy", 2);
    Thread a3 = Thread.ofVirtual().start(() -> small.run("busy", () -> mark(order, "a3")));
    Thread.sleep(100);
    Thread b1 = Thread.ofVirtual().start(() -> small.run("quiet", () -> mark(order, "b1")));
    Thread.sleep(100);

    // One permit comes free: it is the quiet tenant's, though the busy one asked first.
    releaseA1.countDown();
    b1.join(5_000);
    releaseA2.countDown();
    for (Thread t : List.of(a1, a2, a3)) {
      t.join(5_000);
    }

    assertThat(order.indexOf("b1"))
        .as("the quiet tenant runs before the busy one's third call: %s", order)
        .isLessThan(order.indexOf("a3"));
  }

  private static Object hold(CountDownLatch release, List<String> order, String name) {
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    order.add(name);
    return null;
  }

  private static Object mark(List<String> order, String name) {
    order.add(name);
    return null;
  }

  private void awaitStarted(int n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (started.size() < n && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
  }

  private static void awaitRunning(LaneBudget budget, String tenant, int n)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (budget.running(tenant) < n && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
  }
}
