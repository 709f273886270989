package dev.threadline.executor.consume;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class KeyedDispatcherTest {

  @Test
  void tasksOfOneKeyRunOneAtATimeInOrder() throws Exception {
    try (KeyedDispatcher dispatcher = new KeyedDispatcher()) {
      List<Integer> order = new CopyOnWriteArrayList<>();
      AtomicInteger running = new AtomicInteger();
      AtomicInteger maxRunning = new AtomicInteger();
      CompletableFuture<?>[] all = new CompletableFuture<?>[50];
      for (int i = 0; i < 50; i++) {
        int n = i;
        all[i] =
            dispatcher.submit(
                "thread-1",
                () -> {
                  maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
                  sleep(1);
                  order.add(n);
                  running.decrementAndGet();
                });
      }
      CompletableFuture.allOf(all).get(10, TimeUnit.SECONDS);
      assertThat(maxRunning.get()).isEqualTo(1);
      assertThat(order).isEqualTo(java.util.stream.IntStream.range(0, 50).boxed().toList());
    }
  }

  @Test
  void tasksOfDifferentKeysRunConcurrently() throws Exception {
    try (KeyedDispatcher dispatcher = new KeyedDispatcher()) {
      CountDownLatch allStarted = new CountDownLatch(100);
      CompletableFuture<?>[] all = new CompletableFuture<?>[100];
      for (int i = 0; i < 100; i++) {
        all[i] =
            dispatcher.submit(
                "thread-" + i,
                () -> {
                  allStarted.countDown();
                  try {
                    allStarted.await(); // only completes if all 100 are in flight together
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
      }
      CompletableFuture.allOf(all).get(10, TimeUnit.SECONDS);
      // Finished keys are forgotten (no leak); the clean-up runs just after each task completes.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (dispatcher.activeKeys() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertThat(dispatcher.activeKeys()).isZero();
    }
  }

  @Test
  void offsetsAreCommittedOnlyUpToTheLowestUnfinishedRecord() {
    OffsetTracker tracker = new OffsetTracker();
    TopicPartition tp = new TopicPartition("lane", 0);
    tracker.dispatched(tp, 10);
    tracker.dispatched(tp, 11);
    tracker.dispatched(tp, 12);

    tracker.completed(tp, 11);
    tracker.completed(tp, 12);
    assertThat(tracker.committable()).containsEntry(tp, new OffsetAndMetadata(10));

    tracker.completed(tp, 10);
    var ready = tracker.committable();
    assertThat(ready).containsEntry(tp, new OffsetAndMetadata(13));
    tracker.markCommitted(ready);
    assertThat(tracker.committable()).isEmpty();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
