package dev.threadline.step;

import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.store.EffectTimer;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.Continuation;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.Transition;
import dev.threadline.step.core.machine.ThreadMachine;
import dev.threadline.step.mapping.EventMapping;
import dev.threadline.step.mapping.InputMapping;
import dev.threadline.step.mapping.RequestMapping;
import dev.threadline.step.mapping.StateMapping;
import dev.threadline.topics.DeadLetters;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Kafka Streams shell around {@link ThreadMachine}: for each command or result it loads the
 * thread's state, lets the machine decide, carries out the outputs (stores, events, requests, dead
 * letters) and saves the new state — all inside the task's exactly-once transaction. A wall-clock
 * punctuator takes what is due from the in-memory {@link DeadlineIndex} (rebuilt from thread-state
 * at every task initialization) and feeds {@code DeadlinePassed} inputs through the same path.
 *
 * <p>Owns the thread-state, thread-agent, thread-messages, thread-kv, thread-command-ids,
 * thread-timers and thread-effects stores; reads the global agent-definitions store.
 */
final class ThreadStepProcessor implements Processor<String, Object, Object, Object> {
  private static final Logger log = LoggerFactory.getLogger(ThreadStepProcessor.class);
  private static final int DEADLINE_BATCH = 1_000;

  private final ThreadMachine machine;
  private final BlobStore blobs;
  private final Serializer<ThreadCommand> commandSerializer;
  private final String commandsTopic;
  private final Duration deadlineScanInterval;
  private final long windowCacheBytes;
  private final long requestReuseBytes;
  private ProcessorContext<Object, Object> context;
  private ThreadStores stores;
  private RequestReuse reuse;

  ThreadStepProcessor(
      ThreadMachine machine,
      Serializer<ThreadCommand> commandSerializer,
      String commandsTopic,
      Duration deadlineScanInterval,
      long windowCacheBytes,
      long requestReuseBytes,
      BlobStore blobs) {
    this.machine = machine;
    this.blobs = blobs;
    this.commandSerializer = commandSerializer;
    this.commandsTopic = commandsTopic;
    this.deadlineScanInterval = deadlineScanInterval;
    this.windowCacheBytes = windowCacheBytes;
    this.requestReuseBytes = requestReuseBytes;
  }

  @Override
  public void init(ProcessorContext<Object, Object> context) {
    this.context = context;
    this.stores = new ThreadStores(context, windowCacheBytes);
    // In memory and derived, like the window cache: a (re)initialized task starts without it.
    this.reuse = new RequestReuse(requestReuseBytes);
    context.schedule(deadlineScanInterval, PunctuationType.WALL_CLOCK_TIME, this::fireDueDeadlines);
  }

  @Override
  public void process(Record<String, Object> record) {
    String threadId = record.key();
    Instant at = Instant.ofEpochMilli(context.currentSystemTimeMs());
    if (threadId == null) {
      deadLetter(record, null, "record has no thread id key");
      return;
    }
    Input input =
        switch (record.value()) {
          case ThreadCommand c ->
              InputMapping.fromCommand(
                  c,
                  at,
                  stores::currentAgent,
                  effectId -> stores.effectScheduled(threadId, effectId));
          case ModelResult r -> InputMapping.fromModelResult(r, at);
          case ToolResult r -> InputMapping.fromToolResult(r, at);
          case null -> null; // a tombstone: nothing to do
          default ->
              throw new IllegalStateException("unexpected value " + record.value().getClass());
        };
    if (input instanceof Input.Command c && stores.seen(threadId, c.commandId())) {
      log.info("ignoring repeated command {} of thread {} ({})", c.commandId(), threadId, where());
      return;
    }
    if (input instanceof Input.ContextMissing) {
      reuse.forget(threadId);
    }
    if (input != null) {
      step(threadId, input, record);
    }
  }

  /** Decides one input and carries out the transition, then any runtime tool it started. */
  private void step(String threadId, Input input, Record<String, Object> source) {
    ThreadState before = stores.load(threadId);
    Transition t;
    try {
      t = machine.decide(before, input);
    } catch (RuntimeException e) {
      // A bug must not wedge the partition: park the input with the reason and go on.
      log.error("the state machine failed on an input of thread {} ({})", threadId, where(), e);
      deadLetter(source, threadId, "internal error: " + e);
      return;
    }
    String tenant =
        before != null ? before.tenantId() : input instanceof Input.Command c ? c.tenantId() : null;
    List<Output> followUps = carryOut(threadId, tenant, t, source);
    if (t.state() != null) {
      stores.save(t.state());
    }
    if (input instanceof Input.Command c) {
      stores.markSeen(threadId, c.commandId(), input.at());
    }
    // Outputs answered here and now, in the same transaction: runtime tools on the stores and
    // the rule-built continuation when a summarizer failed.
    for (Output followUp : followUps) {
      Input answer =
          switch (followUp) {
            case Output.RunStoreTool run -> StoreTools.run(stores, threadId, run, input.at());
            case Output.BuildHeuristicContinuation build ->
                new Input.HeuristicContinuation(
                    build.requestId(),
                    build.epoch(),
                    input.at(),
                    Continuation.heuristic(stores.window(t.state(), build.fromSeq())));
            default -> throw new IllegalStateException("not a follow-up: " + followUp);
          };
      step(threadId, answer, null);
    }
  }

  private List<Output> carryOut(
      String threadId, String tenant, Transition t, Record<String, Object> source) {
    ThreadState s = t.state();
    List<Output> storeTools = new ArrayList<>();
    long ts = context.currentSystemTimeMs();
    int sent = 0;
    for (Output output : t.outputs()) {
      switch (output) {
        case Output.Emit e ->
            context.forward(
                new Record<>(
                    threadId,
                    EventMapping.toAvro(
                        threadId, e.event().seq() > 0 ? s.tenantId() : tenant, e.event()),
                    ts),
                Routes.EVENTS_SINK);
        case Output.AppendMessage m -> stores.append(threadId, m);
        case Output.RequestModel r -> {
          var context =
              ContextAssembler.assemble(
                  s, stores.window(s, r.contextFromSeq()), r.issuedAt(), machine.policy());
          var request =
              reuse.fill(
                  RequestMapping.modelRequest(s, r, context),
                  threadId,
                  r.contextFromSeq(),
                  context);
          this.context.forward(
              new Record<>(threadId, request.build(), ts), Routes.modelRequestsSink(r.lane()));
        }
        case Output.RequestTool r ->
            context.forward(
                new Record<>(threadId, RequestMapping.toolRequest(s, r), ts),
                Routes.TOOL_REQUESTS_SINK);
        case Output.RunStoreTool r -> storeTools.add(r);
        case Output.BuildHeuristicContinuation b -> storeTools.add(b);
        case Output.RequestCompaction r ->
            context.forward(
                new Record<>(
                    threadId,
                    RequestMapping.compactionRequest(
                        s, r, Continuation.transcript(stores.window(s, r.fromSeq()))),
                    ts),
                Routes.modelRequestsSink(r.lane()));
        case Output.SetDeadline d -> stores.setDeadline(threadId, d);
        case Output.ClearDeadline d -> stores.clearDeadline(threadId, d);
        case Output.StoreAgent a -> stores.storeAgent(threadId, a.agent());
        case Output.SetTimer timer -> stores.setTimer(threadId, timer);
        case Output.SpawnChild child ->
            sendCommand(ThreadCommands.createChild(s, child, ts, blobs), ts);
        case Output.NotifyParent notify ->
            sendCommand(ThreadCommands.notifyParent(s, notify, ts, ++sent, blobs), ts);
        case Output.MessageChild message ->
            sendCommand(ThreadCommands.messageChild(s, message, ts, ++sent), ts);
        case Output.CancelTimer cancel -> stores.cancelTimer(threadId, cancel.effectId());
        case Output.DeadLetter d -> deadLetter(source, threadId, d.reason());
      }
    }
    return storeTools;
  }

  private void sendCommand(dev.threadline.avro.ThreadCommand command, long ts) {
    context.forward(new Record<>(command.getThreadId(), command, ts), Routes.COMMANDS_SINK);
  }

  /**
   * Deadlines (re-issues, retry backoffs, approval timeouts) and scheduled effects that are due.
   */
  private void fireDueDeadlines(long now) {
    Instant at = Instant.ofEpochMilli(now);
    for (DeadlineIndex.Due due : stores.takeDue(at, DEADLINE_BATCH)) {
      step(due.threadId(), new Input.DeadlinePassed(due.requestId(), at), null);
    }
    for (EffectTimer timer : stores.takeDueTimers(at, DEADLINE_BATCH)) {
      // Taking the timer and deciding its effect commit in one transaction: it fires once.
      var action = StateMapping.action(timer.getEffectId(), timer.getFireAt(), timer.getAction());
      step(timer.getThreadId(), new Input.EffectFired(timer.getEffectId(), at, action), null);
    }
  }

  /** Copies the source command to the dead-letter topic with the reason in headers. */
  private void deadLetter(Record<String, Object> source, String threadId, String reason) {
    if (source == null) {
      return;
    }
    var origin = context.recordMetadata();
    var headers =
        DeadLetters.headers(
            null,
            reason,
            "step-processor",
            origin.map(m -> m.topic()).orElse(null),
            origin.map(m -> m.partition()).orElse(-1),
            origin.map(m -> m.offset()).orElse(-1L));
    byte[] key = threadId == null ? null : threadId.getBytes(StandardCharsets.UTF_8);
    byte[] value =
        source.value() instanceof ThreadCommand c
            ? commandSerializer.serialize(commandsTopic, c)
            : null;
    log.warn("dead-lettering a record of thread {}: {} ({})", threadId, reason, where());
    context.forward(
        new Record<Object, Object>(key, value, context.currentSystemTimeMs(), headers),
        Routes.DEAD_LETTERS_SINK);
  }

  private String where() {
    return context
        .recordMetadata()
        .map(
            m ->
                "task "
                    + context.taskId()
                    + ", "
                    + m.topic()
                    + "-"
                    + m.partition()
                    + "@"
                    + m.offset())
        .orElse("task " + context.taskId() + ", punctuation");
  }
}
