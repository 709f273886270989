package dev.threadline.executor;

import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolRequest;
import dev.threadline.executor.consume.DecidedRecords;
import dev.threadline.executor.consume.KeyedDispatcher;
import dev.threadline.executor.consume.LaneBudget;
import dev.threadline.executor.consume.LaneWorker;
import dev.threadline.executor.consume.PollPacing;
import dev.threadline.executor.consume.ServedBelow;
import dev.threadline.executor.model.ModelProviders;
import dev.threadline.executor.tools.ToolRegistry;
import dev.threadline.executor.tools.ToolRunner;
import dev.threadline.topics.ModelContexts;
import dev.threadline.topics.Topics;
import dev.threadline.traces.Tracing;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One tool-executor instance: two consumers, each with a lane per topic and each lane its own
 * in-flight budget — one for the requests free of side effects (the model lanes chat, task, chore
 * and will, and with speculation on the tools free of side effects) in group {@code
 * <group.id>-side-effect-free}, one for the other tool requests in the executor group — all sharing
 * one {@link KeyedDispatcher} (one request per thread at a time) and one idempotent producer. Holds
 * no thread state (only a cache of recent contexts, {@link ModelContexts}, whose misses cost a
 * round trip); scale out by starting more instances.
 */
public final class Executor implements AutoCloseable {
  /**
   * Records a lane reads ahead, in multiples of its budget: while one tenant waits for its share,
   * the others' requests behind it are read and run.
   */
  static final int READ_AHEAD = 4;

  /** The consumer of the requests that may run before their commit, and its group's suffix. */
  static final String SIDE_EFFECT_FREE = "side-effect-free";

  private final KeyedDispatcher dispatcher = new KeyedDispatcher();
  private final KafkaProducer<byte[], byte[]> producer;
  private final List<LaneWorker> workers = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();
  private final DecidedRecords decided;

  /** An executor on an unsecured cluster at {@code bootstrapServers}. */
  public Executor(
      String bootstrapServers,
      Topics topics,
      ExecutorSettings settings,
      ModelProviders providers,
      ToolRegistry tools,
      Clock clock) {
    this(
        Map.of("bootstrap.servers", bootstrapServers),
        topics,
        settings,
        providers,
        tools,
        clock,
        OpenTelemetry.noop());
  }

  /**
   * @param connection what every client connects with ({@code KafkaClients.connection}): the
   *     cluster and its security settings
   * @param telemetry what its spans are made with
   */
  public Executor(
      Map<String, Object> connection,
      Topics topics,
      ExecutorSettings settings,
      ModelProviders providers,
      ToolRegistry tools,
      Clock clock,
      OpenTelemetry telemetry) {
    ExecutorSpans spans = new ExecutorSpans(telemetry.getTracer(Tracing.SCOPE));
    Map<String, Object> producerConfig = new HashMap<>(connection);
    // A result counts only once the broker has it on every in-sync replica, exactly once per send.
    producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
    producerConfig.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    producerConfig.put(ProducerConfig.LINGER_MS_CONFIG, (int) settings.producerLinger().toMillis());
    this.producer =
        new KafkaProducer<>(producerConfig, new ByteArraySerializer(), new ByteArraySerializer());
    ResultPublisher publisher = new ResultPublisher(producer, topics.deadLetters().name());
    // Tools and the functions agents name for hooks run alike, with the call's ThreadState.
    ToolRunner runner =
        new ToolRunner(
            tools,
            settings.limits(),
            settings.threadReaders(),
            settings.secrets().orElse(null),
            settings.files(),
            new ToolProgressDeltas(publisher, topics, clock),
            settings
                .storeAccess()
                .writingTo((key, item) -> publisher.store(topics.storeItems(), key, item), clock));
    // With speculation on, a model request naming a hook function with side effects waits for
    // its decision to commit, as a tool request of such a tool does.
    this.decided = settings.speculate() ? new DecidedRecords(connection) : null;
    ModelRequestHandler models =
        new ModelRequestHandler(
            topics,
            providers,
            settings,
            publisher,
            runner,
            new ReadOnlyModelRequests(tools),
            decided,
            clock);
    ToolRequestHandler toolHandler =
        new ToolRequestHandler(
            topics, runner, publisher, settings.limits(), settings.toolsElsewhere(), clock);
    // Model requests, and with speculation on the requests of tools free of side effects, are read
    // by one consumer, in a group of its own: one fetch for all of them, where a consumer each
    // fetched once per lane, and the broker answers a fetch before the commit at each append.
    List<LaneWorker.Lane> sideEffectFree = new ArrayList<>();
    for (ThreadGroup lane : ThreadGroup.values()) {
      int permits = settings.modelBudgets().get(lane);
      LaneBudget budget = new LaneBudget(permits, settings.tenantShare());
      sideEffectFree.add(
          new LaneWorker.Lane(
              topics.modelRequests(lane).name(),
              permits * READ_AHEAD,
              record -> spans.within(record, "chat", () -> models.handle(record, budget))));
    }
    Map<ThreadGroup, LaneBudget> toolBudgets = new EnumMap<>(ThreadGroup.class);
    settings
        .toolBudgets()
        .forEach(
            (lane, permits) ->
                toolBudgets.put(lane, new LaneBudget(permits, settings.tenantShare())));
    Predicate<ToolRequest> readOnly = new ReadOnlyRequests(tools);
    if (settings.speculate()) {
      sideEffectFree.addAll(
          toolLanes(topics, settings, spans, toolHandler, toolBudgets, readOnly, true));
    }
    Map<String, Object> early = consumerConfig(connection, settings, SIDE_EFFECT_FREE);
    early.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId() + "-" + SIDE_EFFECT_FREE);
    workers.add(
        new LaneWorker(
            SIDE_EFFECT_FREE,
            sideEffectFree,
            speculative(early, settings),
            settings.commitInterval(),
            dispatcher,
            ServedBelow.sideEffectFreeLane(
                partitions -> committedOffsets(connection, settings.groupId(), partitions)),
            // Committed requests come a commit's worth at a time: only a consumer that reads
            // before the commit is answered at each append, and is paced when busy.
            settings.speculate() ? settings.busyPolls() : PollPacing.NONE));
    // The tool requests the side-effect-free consumer does not serve: every one with speculation
    // off, those of tools with side effects with it on; always once their decision committed.
    Predicate<ToolRequest> committedServes = settings.speculate() ? readOnly.negate() : r -> true;
    workers.add(
        new LaneWorker(
            "tools",
            toolLanes(topics, settings, spans, toolHandler, toolBudgets, committedServes, false),
            readCommitted(consumerConfig(connection, settings, "tools")),
            settings.commitInterval(),
            dispatcher,
            ServedBelow.committedLane(!settings.speculate()),
            PollPacing.NONE));
  }

  /** A lane per thread group's tool requests, each within its own budget. */
  private static List<LaneWorker.Lane> toolLanes(
      Topics topics,
      ExecutorSettings settings,
      ExecutorSpans spans,
      ToolRequestHandler handler,
      Map<ThreadGroup, LaneBudget> budgets,
      Predicate<ToolRequest> serves,
      boolean readBeforeCommit) {
    List<LaneWorker.Lane> lanes = new ArrayList<>();
    for (ThreadGroup lane : ThreadGroup.values()) {
      LaneBudget budget = budgets.get(lane);
      lanes.add(
          new LaneWorker.Lane(
              topics.toolRequests(lane).name(),
              settings.toolBudgets().get(lane) * READ_AHEAD,
              record ->
                  spans.within(
                      record,
                      "execute_tool",
                      () -> handler.handle(record, budget, serves, readBeforeCommit))));
    }
    return lanes;
  }

  /** The offsets {@code group} committed on {@code partitions} (read when a lane is given them). */
  private static Map<TopicPartition, OffsetAndMetadata> committedOffsets(
      Map<String, Object> connection, String group, Collection<TopicPartition> partitions) {
    try (Admin admin = Admin.create(connection)) {
      return admin
          .listConsumerGroupOffsets(
              Map.of(
                  group,
                  new ListConsumerGroupOffsetsSpec().topicPartitions(List.copyOf(partitions))))
          .partitionsToOffsetAndMetadata(group)
          .get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(e.getCause() != null ? e.getCause() : e);
    }
  }

  private static Map<String, Object> consumerConfig(
      Map<String, Object> connection, ExecutorSettings settings, String lane) {
    Map<String, Object> config = new HashMap<>(connection);
    config.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId());
    if (settings.instanceId() != null && !settings.instanceId().isBlank()) {
      // Static membership, one member per lane consumer: see ExecutorSettings#instanceId.
      config.put(
          ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, settings.instanceId().trim() + "-" + lane);
    }
    config.put(
        ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) settings.sessionTimeout().toMillis());
    // An idle lane's fetch waits at the broker until a request is committed (usually answered at
    // once) or this much time has passed: the shorter, the more empty fetches idle lanes send.
    config.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int) settings.fetchMaxWait().toMillis());
    return config;
  }

  /**
   * The side-effect-free consumer, which reads requests as soon as they are appended when {@code
   * threadline.executor.speculate} is on (the default; docs/benchmarks.md): a model call changes
   * nothing outside, and the step processor's decisions are deterministic, so a decision replayed
   * after an aborted transaction issues the same request id and is answered from the result this
   * executor already has ({@link RequestsRun}); a result of a decision that never committed matches
   * nothing the thread awaits and is ignored there. Tool requests wait for their commit unless the
   * tool is declared free of side effects ({@link ReadOnlyRequests}): a tool may change the world,
   * so it runs only for a decision that committed.
   */
  private static Map<String, Object> speculative(
      Map<String, Object> config, ExecutorSettings settings) {
    if (!settings.speculate()) {
      return readCommitted(config);
    }
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
    return config;
  }

  /**
   * A lane that sees a request only once its decision committed: always the tool lane, whatever the
   * service's client settings say ({@code isolation.level} passes through to every client).
   */
  private static Map<String, Object> readCommitted(Map<String, Object> config) {
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    return config;
  }

  public Executor start() {
    for (LaneWorker worker : workers) {
      threads.add(Thread.ofPlatform().name("executor-lane").start(worker));
    }
    return this;
  }

  /** Whether every lane's worker runs (a readiness probe's question). */
  public boolean running() {
    return !threads.isEmpty() && threads.stream().allMatch(Thread::isAlive);
  }

  /** In-flight requests across lanes. */
  public int inFlight() {
    return workers.stream().mapToInt(LaneWorker::inFlight).sum();
  }

  /**
   * For crash tests: the consumers stop at once and commit nothing more, while requests already
   * running finish and publish like a zombie would. {@link #close()} cleans up afterwards.
   */
  public void crash() {
    workers.forEach(LaneWorker::crash);
  }

  @Override
  public void close() {
    workers.forEach(LaneWorker::stop);
    dispatcher.close();
    if (decided != null) {
      decided.close();
    }
    producer.close();
  }
}
