package dev.threadline.step;

import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.store.EffectTimer;
import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.logs.LogIds;
import dev.threadline.serde.SchemaRegistryException;
import dev.threadline.step.core.BranchReads;
import dev.threadline.step.core.Continuation;
import dev.threadline.step.core.Forks;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Transition;
import dev.threadline.step.core.machine.ThreadMachine;
import dev.threadline.step.mapping.EffectMapping;
import dev.threadline.step.mapping.InputMapping;
import dev.threadline.step.mapping.StateMapping;
import dev.threadline.topics.TopicDescriptor;
import io.micrometer.core.instrument.Metrics;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;
import org.apache.kafka.streams.errors.TaskCorruptedException;
import org.apache.kafka.streams.errors.TaskMigratedException;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Kafka Streams shell around {@link ThreadMachine}: for each command or result it loads the
 * thread's state, lets the machine decide, has the {@link OutputRouter} carry out the outputs and
 * saves the new state — all inside the task's exactly-once transaction. A wall-clock punctuator
 * takes what is due from the in-memory {@link DeadlineIndex} (rebuilt from thread-state at every
 * task initialization) and the timer store, and feeds them through the same path.
 *
 * <p>Owns the thread stores of {@link StoreNames} (state, frozen agents, messages, queue, kv,
 * command ids, timers, effects, data keys); reads the global agent-definitions store.
 */
final class ThreadStepProcessor implements Processor<String, Object, Object, Object> {
  private static final Logger log = LoggerFactory.getLogger(ThreadStepProcessor.class);
  private static final int DUE_BATCH = 1_000;

  private final ThreadMachine machine;
  private final Decider decider;
  private final OutputTopics outputs;
  private final BlobStore blobs;
  private final TopicDescriptor<String, ThreadCommand> commands;
  private final StepSettings settings;
  private final StepSpans spans;
  private ProcessorContext<Object, Object> context;
  private ThreadStores stores;
  private TenantMeters tenants;
  private StoreRecordLimit stateLimit;
  private RequestReuse reuse;
  private OutputRouter router;
  private DeadLetterWriter deadLetters;
  private CommitPacer pacer;

  /** {@code commands}: where dead letters of commands are filed as their original bytes. */
  ThreadStepProcessor(
      ThreadMachine machine,
      Decider decider,
      OutputTopics outputs,
      TopicDescriptor<String, ThreadCommand> commands,
      StepSettings settings,
      StepSpans spans) {
    this.machine = machine;
    this.spans = spans;
    this.decider = decider;
    this.outputs = outputs;
    this.commands = commands;
    this.settings = settings;
    this.blobs = BlobStore.of(settings.files());
  }

  @Override
  public void init(ProcessorContext<Object, Object> context) {
    this.context = context;
    this.stores = new ThreadStores(context, settings.windowCacheBytes());
    this.tenants = new TenantMeters(context);
    this.stateLimit = new StoreRecordLimit(machine.config().limits());
    // In memory and derived, like the window cache: a (re)initialized task starts without it.
    this.reuse = new RequestReuse(settings.requestReuseBytes());
    this.deadLetters =
        new DeadLetterWriter(
            context,
            commands.valueSerde().serializer(),
            commands.name(),
            machine.config().limits().recordBytes());
    EventSealer sealer =
        new EventSealer(settings.eventSeal(), outputs, context.getStateStore(StoreNames.DATA_KEYS));
    this.router =
        new OutputRouter(context, stores, reuse, machine, outputs, blobs, deadLetters, sealer);
    this.pacer = CommitPacer.ofThisStreamThread();
    context.schedule(
        CommitPacer.CHECK_EVERY,
        PunctuationType.WALL_CLOCK_TIME,
        now -> {
          if (pacer.commitDue(now)) {
            context.commit();
          }
        });
    context.schedule(
        settings.deadlineScanInterval(),
        PunctuationType.WALL_CLOCK_TIME,
        now -> fireDue(Instant.ofEpochMilli(now)));
    IdleExpiry expiry = settings.idleExpiry();
    if (expiry.enabled()) {
      IdleSweep sweep =
          new IdleSweep(expiry, context.getStateStore(StoreNames.THREAD_STATE), stores::hasTimers);
      context.schedule(
          expiry.sweepEvery(),
          PunctuationType.WALL_CLOCK_TIME,
          now -> expireIdle(sweep, Instant.ofEpochMilli(now)));
    }
  }

  @Override
  @SuppressWarnings("try") // the id and the span are current for what handling logs and writes
  public void process(Record<String, Object> record) {
    try (LogIds ids = LogIds.of(record.key(), null, null);
        StepSpans.Open span =
            spans.record(record, context.recordMetadata(), context.applicationId())) {
      handle(record);
    }
  }

  private void handle(Record<String, Object> record) {
    String threadId = record.key();
    if (threadId == null) {
      deadLetters.write(record, null, "record has no thread id key");
      return;
    }
    Input input;
    try {
      input = input(threadId, record);
    } catch (RuntimeException e) {
      if (SchemaRegistryException.isOutage(e)) {
        throw e;
      }
      log.error("could not read a record of thread {} ({})", threadId, where(), e);
      String reason = "could not read the record: " + e;
      deadLetters.write(record, threadId, reason);
      router.reportUnreadable(threadId, record, reason);
      return;
    }
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

  /** The record as the machine's input, at the processing time; null for a tombstone. */
  private Input input(String threadId, Record<String, Object> record) {
    Instant at = Instant.ofEpochMilli(context.currentSystemTimeMs());
    return switch (record.value()) {
      case ThreadCommand c ->
          InputMapping.fromCommand(c, at, stores::currentAgent, stores.timersOf(threadId));
      case ModelResult r -> {
        pacer.answered(CommitPacer.MODEL, r.getReadBeforeCommit());
        yield InputMapping.fromModelResult(r, at);
      }
      case ToolResult r -> {
        pacer.answered(CommitPacer.tool(r.getToolName()), r.getReadBeforeCommit());
        yield InputMapping.fromToolResult(r, at, stores.timersOf(threadId));
      }
      case null -> null;
      default -> throw new IllegalStateException("unexpected value " + record.value().getClass());
    };
  }

  /**
   * Decides {@code input}, then what its outputs asked to be answered at once (a store tool, a
   * rule-built continuation), and what those ask in turn — depth first, in a loop: a thousand
   * queued store tools must not need a thousand times the stack.
   */
  private void step(String threadId, Input input, Record<String, Object> source) {
    Deque<Supplier<Input>> todo = new ArrayDeque<>();
    todo.push(() -> input);
    Record<String, Object> from = source;
    boolean insteadTold = false;
    while (!todo.isEmpty()) {
      Input next = todo.pop().get();
      Decided decided = decideAndCarryOut(threadId, next, from);
      from = null;
      if (decided.instead() != null && !insteadTold) {
        insteadTold = true; // a failure that cannot be carried out either is only parked
        todo.push(decided::instead);
        continue;
      }
      for (int i = decided.followUps().size() - 1; i >= 0; i--) {
        Output followUp = decided.followUps().get(i);
        todo.push(() -> answer(threadId, decided.state(), followUp, next.at()));
      }
    }
  }

  /**
   * A decision carried out: the thread's state after it and what it asked to be answered; or, when
   * it could not be, what the thread is told {@code instead} ({@link AnswerInstead}).
   */
  private record Decided(MachineState state, List<Output> followUps, Input instead) {
    Decided(MachineState state, List<Output> followUps) {
      this(state, followUps, null);
    }
  }

  /**
   * Load, decide, plan, write, save. An input that cannot be decided or carried out leaves nothing
   * written; it is parked with the reason, an event says so, and the partition goes on.
   */
  @SuppressWarnings("try") // the ids are open for what the body logs, not read by it
  private Decided decideAndCarryOut(String threadId, Input input, Record<String, Object> source) {
    // Every line logged meanwhile names the thread, and the command's tenant or the request.
    try (LogIds ids =
        LogIds.of(
            threadId,
            input instanceof Input.Command c ? c.tenantId() : null,
            switch (input) {
              case Input.Result r -> r.requestId();
              case Input.DeadlinePassed p -> p.requestId();
              default -> null;
            })) {
      return decide(threadId, input, source);
    }
  }

  private Decided decide(String threadId, Input given, Record<String, Object> source) {
    MachineState before = stores.load(threadId);
    // A branch or a fork carries what it copies, read here so that the machine stays pure.
    Input input =
        switch (given) {
          case Input.Branch b ->
              BranchReads.readingPrefix(
                  b, before, (from, until) -> stores.window(threadId, from, until));
          case Input.Fork f when before != null ->
              Forks.reading(
                  f,
                  (from, until) -> stores.window(threadId, from, until),
                  stores.values(threadId));
          default -> given;
        };
    // Events outside a thread's log go to whoever sent the input: a command's caller (who may be
    // another tenant, told only "unknown thread"), else the thread's owner.
    String tenant =
        input instanceof Input.Command c ? c.tenantId() : before == null ? null : before.tenantId();
    Transition t;
    Plan plan;
    ThreadStateValue saved;
    long started = System.nanoTime();
    try {
      t = decider.decide(before, input, tenants.load(tenant, input));
      plan = router.plan(threadId, tenant, t, source);
      saved = t.state() == null ? null : StateMapping.toAvro(t.state());
      if (saved != null) {
        saved.setLastActiveAt(input.at());
        stateLimit.check("the thread-state value", threadId, saved);
      }
    } catch (RuntimeException | StackOverflowError | LinkageError | AssertionError e) {
      if (SchemaRegistryException.isOutage(e)) {
        throw (RuntimeException) e; // nobody's input is at fault: tried again once it is back
      }
      if (e instanceof TaskMigratedException || e instanceof TaskCorruptedException) {
        // This instance lost the task (or its state): its open transaction is aborted and the
        // input decided again by the task's next owner, as after a crash.
        throw (RuntimeException) e;
      }
      // Running out of memory is the JVM's state, not this input's: that fails the stream thread.
      log.error("could not carry out an input of thread {} ({})", threadId, where(), e);
      Metrics.counter("threadline.step.not.carried.out").increment();
      String reason = e instanceof CannotCarryOut ? e.getMessage() : "internal error: " + e;
      deadLetters.write(source, threadId, input, reason);
      router.reportFailure(threadId, tenant, input, reason);
      return new Decided(before, List.of(), AnswerInstead.of(input, reason));
    }
    plan.apply();
    paceCommit(input, t, plan);
    if (saved != null) {
      stores.save(t.state(), saved);
    }
    if (input instanceof Input.Command c) {
      stores.markSeen(threadId, c.commandId(), input.at());
    }
    StepMeters.decided(input.getClass().getSimpleName(), System.nanoTime() - started);
    return new Decided(t.state(), plan.followUps());
  }

  /** Tells the pacer what the decision answered and sent, and whether readers now wait on it. */
  private void paceCommit(Input input, Transition t, Plan plan) {
    List<CommitPacer.Sent> sent = new ArrayList<>();
    boolean emits = false;
    for (Output output : t.outputs()) {
      switch (output) {
        case Output.RequestModel r ->
            sent.add(new CommitPacer.Sent(r.requestId(), CommitPacer.MODEL));
        case Output.RequestSubprompt r ->
            sent.add(new CommitPacer.Sent(r.requestId(), CommitPacer.MODEL));
        case Output.RequestTool r ->
            sent.add(new CommitPacer.Sent(r.requestId(), CommitPacer.tool(r.call().name())));
        case Output.RequestHook r ->
            sent.add(new CommitPacer.Sent(r.requestId(), CommitPacer.tool(r.call().name())));
        case Output.RequestCompaction r ->
            sent.add(new CommitPacer.Sent(r.requestId(), CommitPacer.MODEL));
        case Output.Emit e -> emits = true;
        default -> {}
      }
    }
    pacer.decided(
        input instanceof Input.Result r ? r.requestId() : null,
        sent,
        emits && sent.isEmpty() && plan.followUps().isEmpty(),
        context.currentSystemTimeMs());
  }

  /** Answered here and now, in the same transaction: store tools and rule-built continuations. */
  private Input answer(String threadId, MachineState state, Output followUp, Instant at) {
    return switch (followUp) {
      case Output.RunStoreTool run -> StoreTools.run(stores, stateLimit, threadId, run, at);
      case Output.BuildContinuationByRule build ->
          new Input.RuleBuiltContinuation(
              build.requestId(),
              build.epoch(),
              at,
              Continuation.byRule(
                  stores.window(threadId, build.fromSeq(), state.nextMessageSeq())));
      default -> throw new IllegalStateException("not a follow-up: " + followUp);
    };
  }

  /** Deadlines (re-issues, retry backoffs, approval timeouts) and scheduled effects now due. */
  @SuppressWarnings("try") // the span is current for what the step writes, not read by it
  private void fireDue(Instant at) {
    for (DeadlineIndex.Due due : stores.takeDue(at, DUE_BATCH)) {
      try (StepSpans.Open span = spans.fired("deadline", due.threadId())) {
        step(due.threadId(), new Input.DeadlinePassed(due.requestId(), at), null);
      }
    }
    for (EffectTimer timer : stores.takeDueTimers(at, DUE_BATCH)) {
      // Taking the timer and deciding its effect commit in one transaction: it fires once.
      var fired =
          new Input.EffectFired(
              timer.getEffectId(),
              at,
              EffectMapping.firing(timer),
              EffectMapping.recurrence(timer.getRecurrence()));
      try (StepSpans.Open span = spans.fired("timer", timer.getThreadId())) {
        step(timer.getThreadId(), fired, null);
      }
    }
  }

  /** Deletes the threads of the sweep's next batch that have been idle past the expiry. */
  @SuppressWarnings("try") // the span is current for what the step writes, not read by it
  private void expireIdle(IdleSweep sweep, Instant at) {
    for (IdleSweep.Expired thread : sweep.next(at)) {
      log.info("deleting thread {}: {}", thread.threadId(), settings.idleExpiry().reason());
      var delete =
          new Input.DeleteThread(
              "idle-expiry-" + at.toEpochMilli(),
              thread.tenantId(),
              at,
              settings.idleExpiry().reason());
      try (StepSpans.Open span = spans.fired("idle expiry", thread.threadId())) {
        step(thread.threadId(), delete, null);
      }
    }
  }

  private String where() {
    return deadLetters.where();
  }
}
