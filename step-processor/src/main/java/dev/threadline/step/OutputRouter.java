package dev.threadline.step;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.store.EffectTimer;
import dev.threadline.avro.store.KvEntry;
import dev.threadline.config.Limits;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.Continuation;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Transition;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.machine.ThreadMachine;
import dev.threadline.step.mapping.AgentMapping;
import dev.threadline.step.mapping.EffectMapping;
import dev.threadline.step.mapping.EventMapping;
import dev.threadline.step.mapping.RequestMapping;
import dev.threadline.traces.TraceHeaders;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Plans a transition's outputs, in order: events and requests to their sinks (model requests
 * assembled from the stored window, and incremental), messages, timers, deadlines and the agent
 * snapshot into the stores, commands to other threads, refused input to the dead letters. Every
 * record is built, serialized and measured, and every attachment copied, before anything is written
 * ({@link Plan}). Outputs that need an answer at once (a store tool, a rule-built continuation) are
 * handed back as follow-ups.
 */
final class OutputRouter {
  private final ProcessorContext<Object, Object> context;
  private final ThreadStores stores;
  private final RequestReuse reuse;
  private final ContextPolicy policy;
  private final OutputTopics topics;
  private final long transcriptBytes;
  private final BlobStore blobs;
  private final DeadLetterWriter deadLetters;
  private final StoreRecordLimit limit;
  private final EventSealer sealer;

  /** {@code machine}: whose context policy and limits the planned records follow. */
  OutputRouter(
      ProcessorContext<Object, Object> context,
      ThreadStores stores,
      RequestReuse reuse,
      ThreadMachine machine,
      OutputTopics topics,
      BlobStore blobs,
      DeadLetterWriter deadLetters,
      EventSealer sealer) {
    this.policy = machine.policy();
    this.context = context;
    this.stores = stores;
    this.reuse = reuse;
    this.topics = topics;
    Limits limits = machine.config().limits();
    this.transcriptBytes = limits.recordBytes() - Limits.ENVELOPE_BYTES;
    this.limit = new StoreRecordLimit(limits);
    this.blobs = blobs;
    this.deadLetters = deadLetters;
    this.sealer = sealer;
  }

  /**
   * @param tenant the tenant events outside any thread's log are filed under (the caller's)
   * @param source the input record, for dead letters (null for punctuated inputs)
   * @throws RuntimeException when an output cannot be carried out; nothing is written then
   */
  Plan plan(String threadId, String tenant, Transition t, Record<String, Object> source) {
    MachineState s = t.state();
    Plan plan = new Plan();
    // Messages this transition appends: planned outputs read them before they are stored.
    List<Output.AppendMessage> appended = new ArrayList<>();
    // Messages this transition changes: planned outputs read them changed, before they are stored.
    Map<Long, String> updated = new java.util.HashMap<>();
    long ts = context.currentSystemTimeMs(); // one timestamp for every record of the transition
    int sent = 0;
    KvKeyCap keys = new KvKeyCap(stores, threadId);
    EventSealer.Session sealing =
        sealer.session(plan, (key, value) -> record(plan, key, value, Routes.DATA_KEYS_SINK, ts));
    for (Output output : t.outputs()) {
      switch (output) {
        case Output.Emit e -> {
          String owner = e.event().seq() > 0 ? s.tenantId() : tenant;
          record(
              plan,
              threadId,
              sealing.seal(EventMapping.toAvro(threadId, owner, e.event())),
              Routes.EVENTS_SINK,
              ts);
        }
        case Output.AppendMessage m -> {
          appended.add(m);
          plan.then(() -> stores.append(threadId, m));
        }
        case Output.UpdateMessage u -> {
          updated.put(u.seq(), u.content());
          plan.then(() -> stores.updateMessage(threadId, u.seq(), u.content()));
        }
        case Output.RequestModel r -> {
          var window = window(s, r.contextFromSeq(), appended, updated);
          var assembled = ContextAssembler.assemble(s, window, r.issuedAt(), policy);
          var request = RequestMapping.modelRequest(s, r, assembled);
          reuse.fill(request, threadId, r.contextFromSeq(), assembled);
          record(plan, threadId, request.build(), Routes.modelRequestsSink(r.lane()), ts);
        }
        case Output.RequestSubprompt r ->
            record(
                plan,
                threadId,
                RequestMapping.subpromptRequest(
                    s, r, window(s, r.contextFromSeq(), appended, updated)),
                Routes.modelRequestsSink(r.lane()),
                ts);
        // A tool's request waits in the lane of the turn that made it, as its model requests do.
        case Output.RequestTool r -> toolRequest(plan, s, RequestMapping.toolRequest(s, r), ts);
        case Output.RequestHook r -> toolRequest(plan, s, RequestMapping.hookRequest(s, r), ts);
        case Output.RequestCompaction r -> {
          String transcript =
              Continuation.transcript(window(s, r.fromSeq(), appended, updated), transcriptBytes);
          record(
              plan,
              threadId,
              RequestMapping.compactionRequest(s, r, transcript),
              Routes.modelRequestsSink(r.lane()),
              ts);
        }
        case Output.RunStoreTool r -> plan.followUp(r);
        case Output.BuildContinuationByRule b -> plan.followUp(b);
        case Output.PlaceFile f ->
            plan.then(() -> blobs.place(s.tenantId(), threadId, f.staged(), f.path()));
        case Output.WriteValue w when w.valueJson() == null ->
            plan.then(() -> stores.deleteValue(threadId, w.key()));
        case Output.WriteValue w -> {
          String full = keys.refusal(w.key());
          if (full != null) {
            throw new CannotCarryOut(full, null);
          }
          KvEntry entry = new KvEntry(w.valueJson(), Instant.ofEpochMilli(ts));
          limit.check("the thread-kv value", Keys.kv(threadId, w.key()), entry);
          plan.then(() -> stores.putValue(threadId, w.key(), entry));
        }
        case Output.SetDeadline d -> plan.then(() -> stores.setDeadline(threadId, d));
        case Output.ClearDeadline d -> plan.then(() -> stores.clearDeadline(threadId, d));
        case Output.StoreAgent a -> {
          AgentDefinition frozen = AgentMapping.toAvro(a.agent());
          limit.check("the frozen agent", threadId, frozen);
          plan.then(() -> stores.storeAgent(threadId, a.agent(), frozen));
        }
        case Output.SetTimer set -> {
          EffectTimer timer = EffectMapping.timer(threadId, set);
          limit.check("the thread-timers value", threadId + "|" + set.effectId(), timer);
          plan.then(() -> stores.setTimer(threadId, timer));
        }
        case Output.CancelTimer cancel ->
            plan.then(() -> stores.cancelTimer(threadId, cancel.effectId()));
        case Output.CancelAllTimers all -> plan.then(() -> stores.cancelAllTimers(threadId));
        case Output.SpawnChild child ->
            send(plan, ThreadCommands.createChild(s, child, ts, blobs), ts);
        case Output.StartThread start -> send(plan, ThreadCommands.startThread(s, start, ts), ts);
        case Output.ForkThread fork ->
            ForkCommands.of(s, fork, ts, blobs, (int) (transcriptBytes / 2))
                .forEach(command -> send(plan, command, ts));
        case Output.NotifyParent notify when s == null ->
            send(plan, ThreadCommands.creationFailed(threadId, tenant, notify, ts), ts);
        case Output.NotifyParent notify -> {
          String reply =
              notify.replySeq() > 0 ? messageText(threadId, notify.replySeq(), appended) : null;
          send(plan, ThreadCommands.notifyParent(s, notify, reply, ts, ++sent, blobs), ts);
        }
        case Output.TerminateChild child ->
            send(plan, ThreadCommands.terminateChild(s, child, ts, ++sent), ts);
        case Output.DeleteChild child ->
            send(plan, ThreadCommands.deleteChild(s, child, ts, ++sent), ts);
        case Output.EraseThread erase -> {
          sealing.erase(threadId);
          plan.then(
              () -> {
                stores.erase(threadId);
                blobs.erase(s.tenantId(), threadId);
              });
        }
        case Output.MessageChild message ->
            send(plan, ThreadCommands.messageChild(s, message, ts, ++sent, blobs), ts);
        case Output.DeadLetter d ->
            plan.then(() -> deadLetters.write(source, threadId, d.reason()));
      }
    }
    return plan;
  }

  /** The active window from {@code fromSeq}: what is stored, then what this transition appends. */
  private List<Message> window(
      MachineState s,
      long fromSeq,
      List<Output.AppendMessage> appended,
      Map<Long, String> updated) {
    long until = appended.isEmpty() ? s.nextMessageSeq() : appended.getFirst().seq();
    List<Message> window = new ArrayList<>(stores.window(s.threadId(), fromSeq, until));
    for (Output.AppendMessage m : appended) {
      if (m.seq() >= fromSeq) {
        window.add(m.message());
      }
    }
    // The window holds the messages fromSeq on, one per seq.
    updated.forEach(
        (seq, content) -> {
          if (seq >= fromSeq && seq - fromSeq < window.size()) {
            int i = (int) (seq - fromSeq);
            window.set(i, window.get(i).withContent(content));
          }
        });
    return window;
  }

  private String messageText(String threadId, long seq, List<Output.AppendMessage> appended) {
    for (Output.AppendMessage m : appended) {
      if (m.seq() == seq) {
        return m.message().content();
      }
    }
    return stores.messageText(threadId, seq);
  }

  /**
   * An input could not be decided: an event outside the thread's log ({@code seq 0}), for {@code
   * tenant}, saying which input and why — beside its dead letter. Written at once.
   */
  void reportFailure(String threadId, String tenant, Input input, String reason) {
    String about =
        switch (input) {
          case Input.Command c -> c.commandId();
          case Input.EffectFired e -> e.effectId();
          case Input.DeadlinePassed p -> p.requestId();
          case Input.ModelResultReceived r -> r.requestId();
          case Input.ToolResultReceived r -> r.requestId();
          case Input.ContextMissing c -> c.requestId();
          case Input.RuleBuiltContinuation h -> h.requestId();
        };
    report(threadId, tenant, about, input.getClass().getSimpleName(), input.at(), reason);
  }

  /** A record that could not even be read as an input: the same, from what the record says. */
  void reportUnreadable(String threadId, Record<String, Object> record, String reason) {
    java.time.Instant at = java.time.Instant.ofEpochMilli(context.currentSystemTimeMs());
    switch (record.value()) {
      case dev.threadline.avro.ThreadCommand c ->
          report(
              threadId,
              c.getTenantId(),
              c.getCommandId(),
              c.getPayload().getClass().getSimpleName(),
              at,
              reason);
      case dev.threadline.avro.ModelResult r ->
          report(threadId, null, r.getRequestId(), "ModelResult", at, reason);
      case dev.threadline.avro.ToolResult r ->
          report(threadId, null, r.getRequestId(), "ToolResult", at, reason);
      default -> report(threadId, null, "", "record", at, reason);
    }
  }

  private void report(
      String threadId,
      String tenant,
      String about,
      String type,
      java.time.Instant at,
      String reason) {
    Event event = new Event(0, 0, 0, 0, at, new Event.CommandRejected(about, type, reason));
    Plan plan = new Plan();
    record(
        plan,
        threadId,
        EventMapping.toAvro(threadId, tenant == null ? "" : tenant, event),
        Routes.EVENTS_SINK,
        context.currentSystemTimeMs());
    plan.apply();
  }

  private void send(Plan plan, dev.threadline.avro.ThreadCommand command, long ts) {
    record(plan, command.getThreadId(), command, Routes.COMMANDS_SINK, ts);
  }

  /** A tool's (or hook's) request, in the lane of the thread's turn. */
  private void toolRequest(Plan plan, MachineState s, Object request, long ts) {
    record(plan, s.threadId(), request, Routes.toolRequestsSink(s.lane()), ts);
  }

  /**
   * Serializes and measures the record now; forwards it when the plan is applied, carrying the
   * trace of the decision that wrote it.
   */
  private void record(Plan plan, String key, Object value, String sink, long ts) {
    OutputTopics.Serialized serialized = topics.serialize(sink, key, value);
    plan.then(
        () ->
            context.forward(
                new Record<Object, Object>(
                    serialized.key(), serialized.value(), ts, TraceHeaders.current()),
                serialized.sink()));
  }
}
