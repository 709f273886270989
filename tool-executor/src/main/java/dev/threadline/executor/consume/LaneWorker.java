package dev.threadline.executor.consume;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CloseOptions.GroupMembershipOperation;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Key-ordered parallel consumption of one or more lanes (a topic each) by one consumer of a classic
 * consumer group: records are handed to a {@link KeyedDispatcher} (one at a time per thread id,
 * many thread ids at once); each lane's handler runs its records within the lane's {@link
 * LaneBudget}. At most a lane's {@code readAhead} records are read and not yet finished — the poll
 * loop pauses that lane's partitions there, never waits for a permit itself, and wakes the moment
 * one finishes, so it keeps polling (and stays in its group) however long the calls take, and a
 * lane with a backlog does not hold up the others. One consumer for several lanes sends one fetch
 * where one per lane would send several: the broker answers each fetch of requests read before
 * their commit as soon as anything is appended. Offsets are committed only up to the lowest
 * unfinished record ({@link OffsetTracker}), and a record is finished only after its result was
 * acknowledged by the broker, so a crash at any point loses nothing and at worst repeats a request.
 * Commits are asynchronous and at most one per {@code commitInterval}: what a crash can repeat is
 * what finished since the last one.
 */
public final class LaneWorker implements Runnable {
  private static final Logger log = LoggerFactory.getLogger(LaneWorker.class);

  /**
   * One lane: its topic, how many of its records may be read and not yet finished (a few times its
   * budget, so that a tenant waiting for its share does not keep the others' requests unread), and
   * its handler, which processes one record on a virtual thread and returns after its result is
   * durable; it must not throw (failures are results).
   */
  public record Lane(
      String topic, int readAhead, Consumer<ConsumerRecord<String, byte[]>> handler) {}

  private record Reading(Lane lane, ReadAhead slots) {}

  private final String name;
  private final LaneStart start;
  private final PollPacing pacing;

  /** Each lane, and its records read and not yet finished, by topic. */
  private final Map<String, Reading> lanes = new HashMap<>();

  /** Whether the last look paused some lane's partitions (so that the next must resume them). */
  private boolean somePaused;

  private final KafkaClientMetrics clientMetrics;
  private final KafkaConsumer<String, byte[]> consumer;
  private final KeyedDispatcher dispatcher;
  private final long commitIntervalNanos;
  private long lastCommit = System.nanoTime();
  private final OffsetTracker offsets = new OffsetTracker();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile boolean crash;

  /**
   * @param name names the consumer in logs and tags its client metrics ({@code lane})
   * @param start where it starts a partition it is given, and what its commits say ({@link
   *     LaneStart#COMMITTED} for most consumers)
   * @param pacing how soon it polls again after a busy poll ({@link PollPacing#NONE}: at once)
   */
  public LaneWorker(
      String name,
      List<Lane> lanes,
      Map<String, Object> consumerConfig,
      Duration commitInterval,
      KeyedDispatcher dispatcher,
      LaneStart start,
      PollPacing pacing) {
    this.name = name;
    this.start = start;
    this.pacing = pacing;
    for (Lane lane : lanes) {
      this.lanes.put(lane.topic(), new Reading(lane, new ReadAhead(lane.readAhead())));
    }
    Map<String, Object> config = new HashMap<>(consumerConfig);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    // Requests are produced inside the step processor's transactions: read only committed ones,
    // unless the consumer is told it may act before the commit (Executor#speculative).
    config.putIfAbsent(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
        lanes.stream().mapToInt(Lane::readAhead).max().orElse(1));
    config.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    this.consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    // The consumer's own metrics (lag, fetch latency, commits) on the ops port's /metrics.
    this.clientMetrics = new KafkaClientMetrics(consumer, List.of(Tag.of("lane", name)));
    clientMetrics.bindTo(Metrics.globalRegistry);
    this.commitIntervalNanos = commitInterval.toNanos();
    this.dispatcher = dispatcher;
  }

  @Override
  public void run() {
    try {
      consumer.subscribe(
          List.copyOf(lanes.keySet()),
          new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
              commit(true);
              offsets.forget(partitions);
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
              // A wake-up meant for the poll must not leave a partition where the start would not.
              while (true) {
                try {
                  start.assigned(consumer, partitions);
                  return;
                } catch (WakeupException e) {
                  // a slot freed meanwhile: look up where to start again
                }
              }
            }
          });
      while (running.get()) {
        boolean fetching = pauseLanesWithoutSlots();
        ConsumerRecords<String, byte[]> records;
        long polled = System.nanoTime();
        try {
          // With every lane paused the poll only keeps the group alive; a finished record wakes it.
          records = consumer.poll(Duration.ofMillis(fetching ? 20 : 100));
        } catch (WakeupException e) {
          continue; // a slot freed, or stop(): the loop looks again
        }
        for (ConsumerRecord<String, byte[]> record : records) {
          dispatch(record);
        }
        sleep(pacing.waitNanos(records.count(), System.nanoTime() - polled));
        if (System.nanoTime() - lastCommit >= commitIntervalNanos) {
          commit(false);
        }
      }
    } catch (RuntimeException e) {
      log.error("{} consumer of {} failed", name, lanes.keySet(), e);
    } catch (Error e) {
      FatalErrors.fatal(name + " consumer of " + lanes.keySet(), e);
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

  /**
   * Pauses the partitions of each lane with no read-ahead slot free and resumes the others; false
   * when every partition is paused.
   */
  private boolean pauseLanesWithoutSlots() {
    Set<String> full = new HashSet<>();
    lanes.forEach(
        (topic, reading) -> {
          if (reading.slots().pauses()) {
            full.add(topic);
          }
        });
    if (full.isEmpty() && !somePaused) {
      return true; // the common case: nothing to pause, nothing paused to resume
    }
    somePaused = !full.isEmpty();
    Set<TopicPartition> assigned = consumer.assignment();
    List<TopicPartition> pause = new ArrayList<>();
    List<TopicPartition> resume = new ArrayList<>();
    for (TopicPartition tp : assigned) {
      (full.contains(tp.topic()) ? pause : resume).add(tp);
    }
    if (!pause.isEmpty()) {
      consumer.pause(pause);
    }
    if (!resume.isEmpty() && !consumer.paused().isEmpty()) {
      consumer.resume(resume);
    }
    return !resume.isEmpty() || assigned.isEmpty();
  }

  private static void sleep(long nanos) {
    if (nanos <= 0) {
      return;
    }
    try {
      Thread.sleep(Duration.ofNanos(nanos));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void dispatch(ConsumerRecord<String, byte[]> record) {
    TopicPartition tp = new TopicPartition(record.topic(), record.partition());
    offsets.dispatched(tp, record.offset());
    Reading reading = lanes.get(record.topic());
    ReadAhead slots = reading.slots();
    slots.take();
    String key = record.key() == null ? "" : record.key();
    dispatcher.submit(
        key,
        () -> {
          try {
            if (!crash) {
              reading.lane().handler().accept(record);
              offsets.completed(tp, record.offset());
            }
          } catch (RuntimeException e) {
            // The record stays uncommitted and is redelivered after a restart or rebalance.
            log.error(
                "{}: handling {}-{}@{} failed; it will be redelivered",
                name,
                record.topic(),
                record.partition(),
                record.offset(),
                e);
          } catch (Error e) {
            FatalErrors.fatal(
                name
                    + ": handling "
                    + record.topic()
                    + "-"
                    + record.partition()
                    + "@"
                    + record.offset(),
                e);
          } finally {
            if (slots.giveBack() && running.get()) {
              consumer.wakeup();
            }
          }
        });
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
        commitSync(ready);
        offsets.markCommitted(ready);
      } catch (RuntimeException e) {
        log.warn("{}: commit failed ({}); records will be redelivered", name, e.toString());
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

  /** A wake-up meant for the poll (a slot freed) may hit a commit instead: it is tried again. */
  private void commitSync(Map<TopicPartition, OffsetAndMetadata> ready) {
    try {
      consumer.commitSync(ready);
    } catch (WakeupException e) {
      consumer.commitSync(ready);
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
