package dev.threadline.executor.consume;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs tasks on virtual threads, at most one at a time per key (thread id) and in submission order
 * per key; tasks of different keys run concurrently. Shared by every lane of an executor instance,
 * so two requests of one thread never run at once, whichever lanes they came from.
 */
public final class KeyedDispatcher implements AutoCloseable {
  private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
  private final Map<String, CompletableFuture<Void>> tails = new ConcurrentHashMap<>();

  /** Runs {@code task} after every earlier task of {@code key} has finished. */
  public CompletableFuture<Void> submit(String key, Runnable task) {
    AtomicReference<CompletableFuture<Void>> created = new AtomicReference<>();
    tails.compute(
        key,
        (k, tail) -> {
          CompletableFuture<Void> previous =
              tail == null ? CompletableFuture.completedFuture(null) : tail;
          created.set(
              previous.handleAsync(
                  (ignored, error) -> {
                    task.run();
                    return null;
                  },
                  workers));
          return created.get();
        });
    CompletableFuture<Void> next = created.get();
    next.whenComplete((ignored, error) -> tails.remove(key, next));
    return next;
  }

  /** Keys with a task queued or running. */
  public int activeKeys() {
    return tails.size();
  }

  @Override
  public void close() {
    workers.shutdownNow();
  }
}
