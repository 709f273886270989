package dev.threadline.step;

import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.store.EffectTimer;
import dev.threadline.avro.store.StoredMessage;
import dev.threadline.config.Limits;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.Continuation;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Transition;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.machine.ThreadMachine;
import dev.threadline.step.mapping.AgentMapping;
import dev.threadline.step.mapping.EffectMapping;
import dev.threadline.step.mapping.EventMapping;
import dev.threadline.step.mapping.InputMapping;
import dev.threadline.step.mapping.RequestMapping;
import dev.threadline.step.mapping.StateMapping;
import dev.threadline.step.mapping.ThreadTimers;
import dev.threadline.step.mapping.ValueMapping;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A shell in miniature for the golden transcripts: it carries out a transition's outputs the way
 * {@link ThreadStepProcessor} does — messages into a per-thread list, store tools and rule-built
 * continuations answered at once, timers into a time-ordered index, commands to other threads
 * through {@link ThreadCommands} and back through {@link InputMapping} — and feeds the Avro bytes
 * of every event, state, request, stored value and command into one digest.
 */
final class GoldenWorld {
  /** A command on its way to another thread (delivered by the driver, later). */
  record Mail(String threadId, ThreadCommand command) {}

  /** One decision, for observers: the thread, its state before, the input and the transition. */
  record Decided(String threadId, MachineState before, Input input, Transition transition) {}

  /** A durable timer: the thread it belongs to and what fires. */
  record Timer(String threadId, String effectId, Instant fireAt, Input.EffectFired fired) {}

  final ThreadMachine machine;
  final Map<String, MachineState> states = new TreeMap<>();
  final Deque<Mail> mailbox = new ArrayDeque<>();
  final TreeMap<String, Timer> timers = new TreeMap<>();
  private final TreeMap<String, Input.DeadlinePassed> deadlines = new TreeMap<>();
  private final Map<String, String> deadlineThreads = new HashMap<>();
  final GoldenCoverage coverage;
  private final Map<String, AgentSnapshot> agents;
  private final Map<String, List<Message>> messages = new HashMap<>();
  private final GoldenValues values = new GoldenValues();
  private final Set<String> seenCommands = new HashSet<>();
  private final TranscriptDigest digest = new TranscriptDigest();
  private final List<Input> lastResults = new ArrayList<>();
  private java.util.function.Consumer<Decided> observer = d -> {};
  private java.util.function.Consumer<dev.threadline.avro.ModelRequest> requests = r -> {};
  Instant now = GoldenAgents.T0;

  GoldenWorld(ThreadMachine machine, Map<String, AgentSnapshot> agents, GoldenCoverage coverage) {
    this.machine = machine;
    this.agents = agents;
    this.coverage = coverage;
  }

  /** Every record fed to the digest is also written to {@code trace}, as text, in order. */
  void trace(java.io.PrintWriter trace) {
    digest.trace(trace);
  }

  /** {@code observer} sees every decision, before its outputs are carried out. */
  void observe(java.util.function.Consumer<Decided> observer) {
    this.observer = observer;
  }

  /** {@code observer} sees every model request as the executors would receive it. */
  void observeRequests(java.util.function.Consumer<dev.threadline.avro.ModelRequest> observer) {
    this.requests = observer;
  }

  String digest() {
    return digest.hex();
  }

  /** The last model or tool result decided (for duplicate deliveries). */
  Input lastResult() {
    return lastResults.isEmpty() ? null : lastResults.getLast();
  }

  /** Delivers a command the way the shell consumes one from thread-commands. */
  void deliver(Mail mail) {
    ThreadCommand c = mail.command();
    feed("command", AvroBytes.of(c));
    decide(
        mail.threadId(),
        InputMapping.fromCommand(
            c,
            now,
            key -> agents.containsKey(key) ? AgentMapping.toAvro(agents.get(key)) : null,
            new ThreadTimers() {
              @Override
              public boolean scheduled(String effectId) {
                return timerOf(mail.threadId(), effectId) != null;
              }

              @Override
              public int others(String effectId) {
                return (int)
                    timers.values().stream()
                        .filter(t -> t.threadId().equals(mail.threadId()))
                        .filter(t -> !t.effectId().equals(effectId))
                        .count();
              }
            }));
  }

  Timer timerOf(String threadId, String effectId) {
    return timers.values().stream()
        .filter(t -> t.threadId().equals(threadId) && t.effectId().equals(effectId))
        .findFirst()
        .orElse(null);
  }

  /** Decides one input and carries out its outputs, then the follow-ups they asked for. */
  void decide(String threadId, Input input) {
    if (input instanceof Input.Command c && !seenCommands.add(threadId + "|" + c.commandId())) {
      feed("repeated", c.commandId().getBytes(StandardCharsets.UTF_8));
      return;
    }
    coverage.input(input);
    if (input instanceof Input.ModelResultReceived || input instanceof Input.ToolResultReceived) {
      lastResults.add(input);
    }
    feed("input", (threadId + " " + TranscriptDigest.tag(input)).getBytes(StandardCharsets.UTF_8));
    MachineState before = states.get(threadId);
    Transition t =
        machine.decide(
            before,
            GoldenForks.read(
                input,
                before,
                (from, until) -> stored(threadId, from, until),
                values.of(threadId)));
    observer.accept(new Decided(threadId, before, input, t));
    String tenant =
        before != null ? before.tenantId() : input instanceof Input.Command c ? c.tenantId() : null;
    List<Input> followUps = new ArrayList<>();
    int sent = 0;
    for (Output output : t.outputs()) {
      coverage.output(output);
      MachineState s = t.state();
      switch (output) {
        case Output.Emit e -> {
          coverage.event(e.event().payload());
          String owner = e.event().seq() > 0 ? s.tenantId() : tenant;
          feed("event", AvroBytes.of(EventMapping.toAvro(threadId, owner, e.event())));
        }
        case Output.AppendMessage m -> {
          messages.computeIfAbsent(threadId, k -> new ArrayList<>()).add(m.message());
          feed(
              "message",
              AvroBytes.of(
                  new StoredMessage(
                      m.seq(), m.turn(), m.step(), m.at(), ValueMapping.message(m.message()))));
        }
        case Output.UpdateMessage u -> {
          // The list holds the thread's messages from seq 1 on.
          List<Message> all = messages.get(threadId);
          int i = (int) (u.seq() - 1);
          all.set(i, all.get(i).withContent(u.content()));
          feed("update-message", TranscriptDigest.text(u.seq(), u.content()));
        }
        case Output.RequestModel r -> {
          var context =
              ContextAssembler.assemble(
                  s, window(s, r.contextFromSeq()), r.issuedAt(), machine.policy());
          var request =
              new RequestReuse(0)
                  .fill(
                      RequestMapping.modelRequest(s, r, context),
                      threadId,
                      r.contextFromSeq(),
                      context);
          dev.threadline.avro.ModelRequest built = request.build();
          requests.accept(built);
          feed("model-request", AvroBytes.of(built));
        }
        case Output.RequestSubprompt r -> {
          dev.threadline.avro.ModelRequest built =
              RequestMapping.subpromptRequest(s, r, window(s, r.contextFromSeq()));
          requests.accept(built);
          feed("subprompt-request", AvroBytes.of(built));
        }
        case Output.RequestTool r ->
            feed("tool-request", AvroBytes.of(RequestMapping.toolRequest(s, r)));
        case Output.RequestHook r ->
            feed("hook-request", AvroBytes.of(RequestMapping.hookRequest(s, r)));
        case Output.RequestCompaction r ->
            feed(
                "compaction-request",
                AvroBytes.of(
                    RequestMapping.compactionRequest(
                        s,
                        r,
                        Continuation.transcript(
                            window(s, r.fromSeq()),
                            machine.config().limits().recordBytes() - Limits.ENVELOPE_BYTES))));
        case Output.PlaceFile f -> feed("place-file", TranscriptDigest.text(f.staged(), f.path()));
        case Output.WriteValue w -> {
          feed("write-value", TranscriptDigest.text(w.key(), w.valueJson()));
          Map<String, String> kv = values.of(threadId);
          if (w.valueJson() == null) {
            kv.remove(w.key());
          } else {
            kv.put(w.key(), w.valueJson());
          }
        }
        case Output.RunStoreTool r -> {
          feed(
              "store-tool",
              TranscriptDigest.text(
                  r.requestId(),
                  r.epoch(),
                  r.call().callId(),
                  r.call().name(),
                  r.call().argumentsJson()));
          followUps.add(values.storeTool(now, threadId, r));
        }
        case Output.BuildContinuationByRule b -> {
          feed(
              "heuristic", // the tag predates the name "rule-built"; it is hashed
              TranscriptDigest.text(b.requestId(), b.epoch(), b.fromSeq()));
          followUps.add(
              new Input.RuleBuiltContinuation(
                  b.requestId(),
                  b.epoch(),
                  input.at(),
                  Continuation.byRule(window(s, b.fromSeq()))));
        }
        case Output.SetDeadline d -> {
          feed("set-deadline", TranscriptDigest.text(d.requestId(), d.deadline()));
          String key = timerKey(d.deadline(), threadId, d.requestId());
          deadlines.put(key, new Input.DeadlinePassed(d.requestId(), d.deadline()));
          deadlineThreads.put(key, threadId);
        }
        case Output.ClearDeadline d -> {
          feed("clear-deadline", TranscriptDigest.text(d.requestId(), d.deadline()));
          deadlines.remove(timerKey(d.deadline(), threadId, d.requestId()));
        }
        case Output.StoreAgent a -> feed("agent", AvroBytes.of(AgentMapping.toAvro(a.agent())));
        case Output.SetTimer timer -> {
          EffectTimer record = EffectMapping.timer(threadId, timer);
          feed("timer", AvroBytes.of(record));
          timers.put(
              timerKey(timer.fireAt(), threadId, timer.effectId()),
              new Timer(
                  threadId,
                  timer.effectId(),
                  timer.fireAt(),
                  new Input.EffectFired(
                      timer.effectId(),
                      timer.fireAt(),
                      EffectMapping.firing(record),
                      timer.recurrence())));
        }
        case Output.CancelTimer cancel -> {
          feed("cancel-timer", TranscriptDigest.text(cancel.effectId()));
          Timer gone = timerOf(threadId, cancel.effectId());
          if (gone != null) {
            timers.remove(timerKey(gone.fireAt(), threadId, gone.effectId()));
          }
        }
        case Output.CancelAllTimers all -> {
          feed("cancel-all-timers", TranscriptDigest.text(threadId));
          timers.values().removeIf(timer -> timer.threadId().equals(threadId));
        }
        case Output.SpawnChild child ->
            send(ThreadCommands.createChild(s, child, now.toEpochMilli(), GoldenFiles.UNCHANGED));
        case Output.ForkThread fork -> GoldenForks.commands(s, fork, now).forEach(this::send);
        case Output.StartThread start ->
            send(ThreadCommands.startThread(s, start, now.toEpochMilli()));
        case Output.NotifyParent notify when s == null ->
            send(ThreadCommands.creationFailed(threadId, tenant, notify, now.toEpochMilli()));
        case Output.NotifyParent notify -> {
          List<Message> all = messages.getOrDefault(threadId, List.of());
          String reply =
              notify.replySeq() > 0 && notify.replySeq() <= all.size()
                  ? all.get((int) notify.replySeq() - 1).content()
                  : null;
          send(
              ThreadCommands.notifyParent(
                  s, notify, reply, now.toEpochMilli(), ++sent, GoldenFiles.UNCHANGED));
        }
        case Output.TerminateChild child ->
            send(ThreadCommands.terminateChild(s, child, now.toEpochMilli(), ++sent));
        case Output.DeleteChild child ->
            send(ThreadCommands.deleteChild(s, child, now.toEpochMilli(), ++sent));
        case Output.EraseThread erase -> {
          feed("erase", TranscriptDigest.text(threadId));
          messages.remove(threadId);
          values.forget(threadId);
          timers.values().removeIf(timer -> timer.threadId().equals(threadId));
        }
        case Output.MessageChild message ->
            send(
                ThreadCommands.messageChild(
                    s, message, now.toEpochMilli(), ++sent, GoldenFiles.UNCHANGED));
        case Output.DeadLetter d -> feed("dead-letter", TranscriptDigest.text(d.reason()));
      }
    }
    if (t.state() != null) {
      states.put(threadId, t.state());
      feed("state", AvroBytes.of(StateMapping.toAvro(t.state())));
      for (Queued item : t.state().queue()) {
        feed("queued", AvroBytes.of(StateMapping.queued(item)));
      }
    } else {
      feed("state", new byte[0]);
    }
    for (Input followUp : followUps) {
      decide(threadId, followUp);
    }
  }

  /** Feeds the earliest deadline or timer due, as the punctuator does; false when none is. */
  boolean fireDue() {
    var deadline = deadlines.firstEntry();
    var timer = timers.firstEntry();
    boolean deadlineFirst =
        deadline != null && (timer == null || deadline.getKey().compareTo(timer.getKey()) <= 0);
    if (deadlineFirst && !deadline.getValue().at().isAfter(now)) {
      deadlines.pollFirstEntry();
      String threadId = deadlineThreads.remove(deadline.getKey());
      decide(threadId, new Input.DeadlinePassed(deadline.getValue().requestId(), now));
      return true;
    }
    if (!deadlineFirst && timer != null && !timer.getValue().fireAt().isAfter(now)) {
      timers.pollFirstEntry();
      Timer t = timer.getValue();
      decide(
          t.threadId(),
          new Input.EffectFired(t.effectId(), now, t.fired().action(), t.fired().recurrence()));
      return true;
    }
    return false;
  }

  /** Moves the clock to the next deadline or timer; false when nothing is scheduled. */
  boolean jumpToNextDue() {
    Instant next = deadlines.isEmpty() ? null : deadlines.firstEntry().getValue().at();
    if (!timers.isEmpty()
        && (next == null || timers.firstEntry().getValue().fireAt().isBefore(next))) {
      next = timers.firstEntry().getValue().fireAt();
    }
    if (next == null || !next.isAfter(now)) {
      return false;
    }
    now = next;
    return true;
  }

  static String timerKey(Instant fireAt, String threadId, String effectId) {
    return String.format("%020d|%s|%s", fireAt.toEpochMilli(), threadId, effectId);
  }

  private void send(ThreadCommand command) {
    feed("send", AvroBytes.of(command));
    mailbox.add(new Mail(command.getThreadId(), command));
  }

  private List<Message> stored(String threadId, long fromSeq, long untilSeq) {
    List<Message> all = messages.getOrDefault(threadId, List.of()); // none once deleted
    return List.copyOf(
        all.subList(
            (int) Math.min(fromSeq - 1, all.size()), (int) Math.min(untilSeq - 1, all.size())));
  }

  private List<Message> window(MachineState s, long fromSeq) {
    List<Message> all = messages.getOrDefault(s.threadId(), List.of());
    return List.copyOf(all.subList((int) Math.min(fromSeq - 1, all.size()), all.size()));
  }

  private void feed(String tag, byte[] bytes) {
    digest.feed(tag, bytes);
  }
}
