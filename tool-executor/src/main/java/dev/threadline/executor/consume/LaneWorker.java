package dev.threadline.executor.consume;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CloseOptions.GroupMembershipOperation;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Key-ordered parallel consumption of one lane (one topic) on a classic consumer group: records are
 * handed to a {@link KeyedDispatcher} (one at a time per thread id, many thread ids at once); the
 * handler runs each within the lane's {@link LaneBudget}. At most {@code readAhead} records of the
 * lane are read and not yet finished — the poll loop pauses the lane there, and never waits for a
 * permit itself, so it keeps polling (and stays in its group) however long the calls take. Offsets
 * are committed only up to the lowest unfinished record ({@link OffsetTracker}), and a record is
 * finished only after its result was acknowledged by the broker, so a crash at any point loses
 * nothing and at worst repeats a request. Commits are asynchronous and at most one per {@code
 * commitInterval}: what a crash can repeat is what finished since the last one.
 */
public final class LaneWorker implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(LaneWorker.class);

  private final String lane;
  private final LaneStart start;
  private final String topic;
  private final KafkaClientMetrics clientMetrics;
  private final KafkaConsumer<String, byte[]> consumer;
  private final KeyedDispatcher dispatcher;
  private final Consumer<ConsumerRecord<String, byte[]>> handler;
  private final Semaphore readAhead;
  private final long commitIntervalNanos;
  private long lastCommit = System.nanoTime();
  private final OffsetTracker offsets = new OffsetTracker();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile boolean crash;
  private final java.util.concurrent.atomic.AtomicInteger overdrawn =
      new java.util.concurrent.atomic.AtomicInteger();

  /**
   * @param readAhead records read and not yet finished, at most (a few times the lane's budget, so
   *     that a tenant waiting for its share does not keep the others' requests unread)
   * @param handler processes one record on a virtual thread and returns after its result is
   *     durable; it must not throw (failures are results)
   * @param start where it starts a partition it is given, and what its commits say ({@link
   *     LaneStart#COMMITTED} for most lanes)
   */
  public LaneWorker(
      String lane,
      String topic,
      Map<String, Object> consumerConfig,
      int readAhead,
      Duration commitInterval,
      KeyedDispatcher dispatcher,
      Consumer<ConsumerRecord<String, byte[]>> handler,
      LaneStart start) {
    this.start = start;
    this.lane = lane;
    this.topic = topic;
    Map<String, Object> config = new HashMap<>(consumerConfig);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    // Requests are produced inside the step processor's transactions: read only committed ones,
    // unless the lane is told it may act before the commit (Executor#speculative).
    config.putIfAbsent(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, readAhead);
    config.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    this.consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    // The consumer's own metrics (lag, fetch latency, commits) on the ops port's /metrics.
    this.clientMetrics = new KafkaClientMetrics(consumer, List.of(Tag.of("lane", lane)));
    clientMetrics.bindTo(Metrics.globalRegistry);
    this.readAhead = new Semaphore(readAhead);
    this.commitIntervalNanos = commitInterval.toNanos();
    this.dispatcher = dispatcher;
    this.handler = handler;
  }

  @Override
  public void run() {
    try {
      consumer.subscribe(
          List.of(topic),
          new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
              commit(true);
              offsets.forget(partitions);
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
              start.assigned(consumer, partitions);
            }
          });
      while (running.get()) {
        if (readAhead.availablePermits() == 0) {
          // Fetch nothing more while enough is read ahead, and go on the moment one finishes
          // (a paused consumer's poll would sleep out its whole timeout).
          consumer.pause(consumer.assignment());
          awaitFreeSlot();
        }
        if (readAhead.availablePermits() > 0 && !consumer.paused().isEmpty()) {
          consumer.resume(consumer.paused());
        }
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(20))) {
          dispatch(record);
        }
        if (System.nanoTime() - lastCommit >= commitIntervalNanos) {
          commit(false);
        }
      }
    } catch (WakeupException e) {
      // closing
    } catch (RuntimeException e) {
      log.error("lane {} consumer of {} failed", lane, topic, e);
    } finally {
      if (!crash) {
        commit(true);
      }
      clientMetrics.close();
      // Closing on purpose leaves the group even as a static member (which by default does not):
      // a replaced pod's lanes go to the others at once, not after its session times out.
      consumer.close(
          crash
              ? CloseOptions.timeout(Duration.ZERO)
              : CloseOptions.groupMembershipOperation(GroupMembershipOperation.LEAVE_GROUP)
                  .withTimeout(Duration.ofSeconds(5)));
      stopped.countDown();
    }
  }

  private void dispatch(ConsumerRecord<String, byte[]> record) {
    TopicPartition tp = new TopicPartition(record.topic(), record.partition());
    offsets.dispatched(tp, record.offset());
    // Never blocks: a poll returns at most readAhead records and the loop pauses the lane while no
    // slot is free, so at most about twice readAhead are held; a record beyond the free slots
    // overdraws, and its slot is not given back when it finishes.
    if (!readAhead.tryAcquire()) {
      overdrawn.incrementAndGet();
    }
    String key = record.key() == null ? "" : record.key();
    dispatcher.submit(
        key,
        () -> {
          try {
            if (!crash) {
              handler.accept(record);
              offsets.completed(tp, record.offset());
            }
          } catch (RuntimeException e) {
            // The record stays uncommitted and is redelivered after a restart or rebalance.
            log.error(
                "lane {}: handling {}-{}@{} failed; it will be redelivered",
                lane,
                record.topic(),
                record.partition(),
                record.offset(),
                e);
          } finally {
            if (overdrawn.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
              readAhead.release();
            }
          }
        });
  }

  /** Waits up to 100 ms for a read-ahead slot to free (then polls again either way). */
  private void awaitFreeSlot() {
    try {
      if (readAhead.tryAcquire(100, TimeUnit.MILLISECONDS)) {
        readAhead.release();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void commit(boolean sync) {
    lastCommit = System.nanoTime();
    Map<TopicPartition, OffsetAndMetadata> ready = new HashMap<>();
    offsets
        .committable()
        .forEach(
            (tp, o) ->
                ready.put(tp, new OffsetAndMetadata(o.offset(), start.metadata(tp, o.offset()))));
    if (ready.isEmpty()) {
      return;
    }
    if (sync) {
      try {
        consumer.commitSync(ready);
        offsets.markCommitted(ready);
      } catch (RuntimeException e) {
        log.warn("lane {}: commit failed ({}); records will be redelivered", lane, e.toString());
      }
    } else {
      consumer.commitAsync(
          ready,
          (committed, error) -> {
            if (error == null) {
              offsets.markCommitted(committed);
            }
          });
    }
  }

  public int inFlight() {
    return offsets.inFlight();
  }

  /** Stops after the current poll, committing what finished. */
  public void stop() {
    if (stopped.getCount() == 0) {
      return;
    }
    running.set(false);
    consumer.wakeup();
    await();
  }

  /**
   * Simulates a crash for tests: stops at once and commits nothing more; records not yet started
   * are skipped and records in flight are never marked finished (a zombie may still publish their
   * results), so all of them are redelivered to the next owner.
   */
  public void crash() {
    crash = true;
    stop();
  }

  private void await() {
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
