package dev.threadline.deploy;

import dev.threadline.avro.BudgetReached;
import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.ToolCallRequested;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.TurnStarted;
import dev.threadline.topics.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The bench's reader: thread-events, model-results and tool-results (read_committed) from their
 * current end, keeping of the bench's own threads what the figures need — the canonical events'
 * timestamps (the step processor's clock at each decision) and each result's {@code completedAt}
 * (the executor's clock when the answer was ready), which split every step into its four legs.
 */
final class EventCollector implements AutoCloseable {
  private static final int REQUESTED = 0, COMPLETED = 1, TURN_STARTED = 2, TURN_COMPLETED = 3;
  private static final char MODEL = 'm', TOOL = 't';

  private final Map<String, List<long[]>> byThread = new ConcurrentHashMap<>();
  private final Map<String, Leg> legs = new ConcurrentHashMap<>();
  private final AtomicLong turns = new AtomicLong();
  private final AtomicLong created = new AtomicLong();
  private final BudgetWaits budgetWaits = new BudgetWaits();
  private final KafkaConsumer<String, byte[]> consumer;
  private final Topics topics;
  private final Deserializer<ThreadEvent> events;
  private final String prefix;
  private final boolean httpMode;

  /** Threads the HTTP API created, by id: the round (the bench's metadata) each belongs to. */
  private final Map<String, String> accepted = new ConcurrentHashMap<>();

  private volatile boolean running = true;

  /** The request topics it reads, if any: for their append times. */
  private final Set<String> requestTopics = new HashSet<>();

  EventCollector(
      String bootstrap,
      Topics topics,
      Deserializer<ThreadEvent> events,
      String prefix,
      boolean httpMode) {
    this(bootstrap, topics, events, prefix, httpMode, false);
  }

  /**
   * @param requestAppendTimes whether to read the requests too, for the times the broker appended
   *     them (when it stamps append times: {@code --set
   *     broker.log.message.timestamp.type=LogAppendTime}), which split each request's leg in two
   */
  EventCollector(
      String bootstrap,
      Topics topics,
      Deserializer<ThreadEvent> events,
      String prefix,
      boolean httpMode,
      boolean requestAppendTimes) {
    this.topics = topics;
    this.events = events;
    this.prefix = prefix;
    this.httpMode = httpMode;
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
    // The figures come from the records' own timestamps, not from when they arrive, so the reader
    // can fetch in large batches: a fetch answered per few records cost the load generator and
    // the broker (whose CPU counts in the run's) a request each.
    config.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 256 * 1024);
    config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
    consumer = new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    List<TopicPartition> partitions = new ArrayList<>();
    List<String> read =
        new ArrayList<>(
            List.of(
                topics.threadEvents().name(),
                topics.modelResults().name(),
                topics.toolResults().name()));
    if (requestAppendTimes) {
      for (ThreadGroup lane : ThreadGroup.values()) {
        requestTopics.add(topics.toolRequests(lane).name());
        requestTopics.add(topics.modelRequests(lane).name());
      }
      read.addAll(requestTopics);
    }
    for (String topic : read) {
      consumer
          .partitionsFor(topic)
          .forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
    }
    consumer.assign(partitions);
    consumer.seekToEnd(partitions);
    partitions.forEach(consumer::position);
    Thread.ofPlatform().daemon().name("bench-events").start(this::read);
  }

  private void read() {
    var modelResults = topics.modelResults().valueSerde().deserializer();
    var toolResults = topics.toolResults().valueSerde().deserializer();
    while (running) {
      for (var record : consumer.poll(Duration.ofMillis(50))) {
        if (record.key() == null) {
          continue;
        }
        String topic = record.topic();
        if (topic.equals(topics.threadEvents().name())) {
          onEvent(record, events.deserialize(topic, record.value()));
        } else if (requestTopics.contains(topic)) {
          onRequest(record);
        } else if (ours(record.key())) {
          boolean model = topic.equals(topics.modelResults().name());
          String requestId;
          long completedAt;
          if (model) {
            ModelResult r = modelResults.deserialize(topic, record.value());
            requestId = r.getRequestId();
            completedAt = r.getCompletedAt().toEpochMilli();
          } else {
            ToolResult r = toolResults.deserialize(topic, record.value());
            requestId = r.getRequestId();
            completedAt = r.getCompletedAt().toEpochMilli();
          }
          Leg leg = leg(model ? MODEL : TOOL, record.key(), requestId);
          leg.answered = completedAt;
          if (record.timestampType() == TimestampType.LOG_APPEND_TIME) {
            leg.appended = record.timestamp();
          }
        }
      }
    }
    consumer.close();
  }

  /** A request's append time, when the broker stamps them. */
  private void onRequest(ConsumerRecord<String, byte[]> record) {
    if (record.timestampType() != TimestampType.LOG_APPEND_TIME || !ours(record.key())) {
      return;
    }
    // Every lane's requests are of one schema; a descriptor decodes by the writer's id.
    Leg leg =
        toolRequests(record.topic())
            ? leg(
                TOOL,
                record.key(),
                topics.toolRequests(ThreadGroup.TASK).deserialize(record.value()).getRequestId())
            : leg(
                MODEL,
                record.key(),
                topics.modelRequests(ThreadGroup.TASK).deserialize(record.value()).getRequestId());
    leg.requestAppended = record.timestamp();
  }

  private boolean toolRequests(String topic) {
    for (ThreadGroup lane : ThreadGroup.values()) {
      if (topic.equals(topics.toolRequests(lane).name())) {
        return true;
      }
    }
    return false;
  }

  private boolean ours(String threadId) {
    return threadId.startsWith(prefix) || accepted.containsKey(threadId);
  }

  /**
   * The round a thread was started in: what its id was named after ({@code prefix + round + "-" +
   * i}), or the HTTP API's caller metadata, which carries the same name.
   */
  private String roundOf(String threadId) {
    String round = accepted.get(threadId);
    return round != null ? round : threadId.substring(0, Math.max(0, threadId.lastIndexOf('-')));
  }

  /**
   * One request's times in ms, -1 until seen: decided to make it, the request appended by the
   * broker, answer ready at the executor, the result appended by the broker, decided on the answer.
   * The appends are known only with LogAppendTime, the request's only when the requests are read.
   * Written by the reader thread only.
   */
  private static final class Leg {
    final boolean model;
    volatile long requested = -1, requestAppended = -1, answered = -1, appended = -1, decided = -1;

    Leg(boolean model) {
      this.model = model;
    }
  }

  private Leg leg(char kind, String threadId, String requestId) {
    return legs.computeIfAbsent(kind + threadId + '/' + requestId, k -> new Leg(kind == MODEL));
  }

  private void onEvent(ConsumerRecord<String, byte[]> record, ThreadEvent e) {
    if (!ours(record.key())) {
      // Threads created through the HTTP API get ids from the ingest service; the bench knows
      // them by the metadata it sent, on their first event.
      String round =
          httpMode && e.getPayload() instanceof ThreadCreated created
              ? created.getMetadata().get("bench")
              : null;
      if (round != null && round.startsWith(prefix)) {
        accepted.put(record.key(), round);
      } else {
        return;
      }
    }
    long ts = e.getTimestamp().toEpochMilli();
    String thread = e.getThreadId();
    int kind =
        switch (e.getPayload()) {
          case ModelCallRequested r -> {
            leg(MODEL, thread, r.getRequestId()).requested = ts;
            yield REQUESTED;
          }
          case ModelCallCompleted c -> {
            leg(MODEL, thread, c.getRequestId()).decided = ts;
            yield COMPLETED;
          }
          case ToolCallRequested r -> {
            leg(TOOL, thread, r.getRequestId()).requested = ts;
            yield -1;
          }
          case ToolCallCompleted c -> {
            leg(TOOL, thread, c.getRequestId()).decided = ts;
            yield -1;
          }
          case BudgetReached reached -> {
            budgetWaits.seen(thread, reached);
            yield -1;
          }
          case TurnStarted ignored -> TURN_STARTED;
          case TurnCompleted ignored -> TURN_COMPLETED;
          case ThreadCreated ignored -> {
            created.incrementAndGet();
            yield -1;
          }
          default -> -1;
        };
    if (kind >= 0) {
      byThread.computeIfAbsent(thread, k -> new ArrayList<>()).add(new long[] {kind, ts});
      if (kind == TURN_COMPLETED) {
        turns.incrementAndGet();
      }
    }
  }

  void awaitTurns(int count, Duration timeout) throws InterruptedException {
    await(
        () -> turns.get() >= count,
        timeout,
        () -> turns.get() + " of " + count + " turns completed");
  }

  void awaitCreated(int count, Duration timeout) throws InterruptedException {
    await(
        () -> created.get() >= count,
        timeout,
        () -> created.get() + " of " + count + " threads created");
  }

  private void await(BooleanSupplier done, Duration timeout, Supplier<String> progress)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long lastPrint = System.nanoTime();
    while (!done.getAsBoolean()) {
      budgetWaits.check();
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("bench timed out: " + progress.get());
      }
      if (System.nanoTime() - lastPrint > 5_000_000_000L) {
        System.out.println("  … " + progress.get());
        lastPrint = System.nanoTime();
      }
      // Short: the next measured round starts when this one's last turn is seen.
      Thread.sleep(2);
    }
  }

  RunReport report() {
    List<Long> overhead = new ArrayList<>();
    List<Long> turnLatency = new ArrayList<>();
    long steps = 0;
    // Rounds run one after the other: each is timed from its first event to its last, and the
    // gaps between them (the bench seeing one end and starting the next) are not the stack's.
    Map<String, long[]> spans = new HashMap<>();
    for (Map.Entry<String, List<long[]>> thread : byThread.entrySet()) {
      long[] span =
          spans.computeIfAbsent(roundOf(thread.getKey()), k -> new long[] {Long.MAX_VALUE, 0});
      long previousRequest = -1;
      long turnStart = -1;
      for (long[] e : thread.getValue()) {
        span[0] = Math.min(span[0], e[1]);
        span[1] = Math.max(span[1], e[1]);
        switch ((int) e[0]) {
          case REQUESTED -> {
            if (previousRequest >= 0) {
              overhead.add(e[1] - previousRequest);
            }
            previousRequest = e[1];
          }
          case COMPLETED -> steps++;
          case TURN_STARTED -> turnStart = e[1];
          case TURN_COMPLETED -> {
            if (turnStart >= 0) {
              turnLatency.add(e[1] - turnStart);
            }
            previousRequest = -1;
          }
          default -> {}
        }
      }
    }
    double seconds =
        Math.max(1, spans.values().stream().mapToLong(span -> span[1] - span[0]).sum()) / 1000.0;
    return new RunReport(
        steps, steps / seconds, Percentiles.of(overhead), Percentiles.of(turnLatency), legs());
  }

  /**
   * Every request's two halves: decision → the executor's answer ready (the step processor's
   * commit, the executor's read_committed fetch, the call itself) and answer ready → the decision
   * on it (the executor's send, the step processor's fetch and poll loop). Clocks of two processes
   * on one machine.
   */
  private RunReport.Legs legs() {
    List<Long> modelToExecutor = new ArrayList<>();
    List<Long> modelToDecision = new ArrayList<>();
    List<Long> toolToExecutor = new ArrayList<>();
    List<Long> toolToDecision = new ArrayList<>();
    List<Long> toBroker = new ArrayList<>();
    List<Long> fromBroker = new ArrayList<>();
    List<Long> requestToBroker = new ArrayList<>();
    List<Long> brokerToAnswer = new ArrayList<>();
    for (Leg leg : legs.values()) {
      if (leg.requested < 0 || leg.answered < 0 || leg.decided < 0) {
        continue;
      }
      (leg.model ? modelToExecutor : toolToExecutor).add(leg.answered - leg.requested);
      (leg.model ? modelToDecision : toolToDecision).add(leg.decided - leg.answered);
      if (leg.appended >= 0) {
        toBroker.add(leg.appended - leg.answered);
        fromBroker.add(leg.decided - leg.appended);
      }
      if (leg.requestAppended >= 0) {
        requestToBroker.add(leg.requestAppended - leg.requested);
        brokerToAnswer.add(leg.answered - leg.requestAppended);
      }
    }
    return new RunReport.Legs(
        Percentiles.of(modelToExecutor),
        Percentiles.of(modelToDecision),
        Percentiles.of(toolToExecutor),
        Percentiles.of(toolToDecision),
        Percentiles.of(toBroker),
        Percentiles.of(fromBroker),
        Percentiles.of(requestToBroker),
        Percentiles.of(brokerToAnswer));
  }

  @Override
  public void close() {
    running = false;
  }
}
