package dev.threadline.projector;

import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ThreadEvent;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Hands events and content deltas to live subscribers (SSE streams) of this instance as the
 * projector processes them. Each subscription has a bounded queue: a subscriber that falls behind
 * is marked overflowed and its queue dropped, and it catches up from the timeline store, which has
 * every event already (the projector writes the store before it publishes). Deltas are not
 * canonical and are not replayed.
 */
public final class LiveFeed {
  static final int QUEUE_CAPACITY = 1_024;

  /** What a subscriber receives. */
  public sealed interface Item {
    record Event(ThreadEvent event) implements Item {}

    record Delta(ContentDelta delta) implements Item {}
  }

  private final Map<String, Set<Subscription>> byThread = new ConcurrentHashMap<>();

  public Subscription subscribe(String threadId) {
    Subscription subscription = new Subscription(threadId);
    byThread.computeIfAbsent(threadId, id -> ConcurrentHashMap.newKeySet()).add(subscription);
    return subscription;
  }

  public void publish(ThreadEvent event) {
    deliver(event.getThreadId(), new Item.Event(event));
  }

  public void publish(ContentDelta delta) {
    deliver(delta.getThreadId(), new Item.Delta(delta));
  }

  /** Live subscriptions, for tests and metrics. */
  public int subscribers() {
    return byThread.values().stream().mapToInt(Set::size).sum();
  }

  /** Live subscriptions to {@code threadId}'s events. */
  public int subscribers(String threadId) {
    Set<Subscription> subscriptions = byThread.get(threadId);
    return subscriptions == null ? 0 : subscriptions.size();
  }

  private void deliver(String threadId, Item item) {
    Set<Subscription> subscriptions = byThread.get(threadId);
    if (subscriptions != null) {
      subscriptions.forEach(s -> s.offer(item));
    }
  }

  /** One live stream's queue. Close it when the client goes away. */
  public final class Subscription implements AutoCloseable {
    private final String threadId;
    private final BlockingQueue<Item> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private volatile boolean overflowed;

    private Subscription(String threadId) {
      this.threadId = threadId;
    }

    private void offer(Item item) {
      if (!queue.offer(item)) {
        overflowed = true;
        queue.clear();
      }
    }

    /** The next item, or null after {@code timeout}. */
    public Item poll(Duration timeout) throws InterruptedException {
      return queue.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** True once after items were dropped: the reader must catch up from the store. */
    public boolean takeOverflow() {
      if (overflowed) {
        overflowed = false;
        return true;
      }
      return false;
    }

    @Override
    public void close() {
      byThread.computeIfPresent(
          threadId,
          (id, set) -> {
            set.remove(this);
            return set.isEmpty() ? null : set;
          });
    }
  }
}
