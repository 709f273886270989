package dev.threadline.step.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.step.core.Enums.CallKind;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.MessageAppended;
import dev.threadline.step.core.Event.MessageQueued;
import dev.threadline.step.core.Event.ModelCallCompleted;
import dev.threadline.step.core.Event.ModelCallFailed;
import dev.threadline.step.core.Event.ModelCallRequested;
import dev.threadline.step.core.Event.ResultIgnored;
import dev.threadline.step.core.Event.StatusChanged;
import dev.threadline.step.core.Event.StatusReported;
import dev.threadline.step.core.Event.StepRetried;
import dev.threadline.step.core.Event.ThreadCreated;
import dev.threadline.step.core.Event.ThreadTerminated;
import dev.threadline.step.core.Event.ToolCallCompleted;
import dev.threadline.step.core.Event.ToolCallRequested;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Event.ValueChanged;
import dev.threadline.step.core.Input.Abort;
import dev.threadline.step.core.Input.Command;
import dev.threadline.step.core.Input.CreateThread;
import dev.threadline.step.core.Input.DeadlinePassed;
import dev.threadline.step.core.Input.EffectFired;
import dev.threadline.step.core.Input.ModelFailure;
import dev.threadline.step.core.Input.ModelReply;
import dev.threadline.step.core.Input.ModelResultReceived;
import dev.threadline.step.core.Input.QueueTool;
import dev.threadline.step.core.Input.SendMessage;
import dev.threadline.step.core.Input.Terminate;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.Input.Unsupported;
import dev.threadline.step.core.MessageRules.Invalid;
import dev.threadline.step.core.MessageRules.Valid;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Queued.QueuedTool;
import dev.threadline.step.core.ThreadState.TerminalOutcome;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Decides everything about a thread: {@code decide(state, input) -> Transition}. Pure and
 * deterministic: no I/O, no clock (time is {@link Input#at()}), ids derived from thread, turn, step
 * and call index ({@link Ids}).
 *
 * <p>The step cycle follows the runtime spec (§3): drain the queue, call the model, persist its
 * answer, run its tool calls one at a time in the returned order (each result persisted before the
 * next request), then evaluate stop conditions in spec order (§6): sessionStop / sessionFail,
 * stopTool, stopOnResponse, then maxSteps, maxSessionTurns and the runtime hard cap.
 */
public final class ThreadMachine {
  /** Thread ids become store-key prefixes ({@code threadId|seq}): no separator, bounded length. */
  private static final Pattern THREAD_ID = Pattern.compile("[A-Za-z0-9._:@/-]{1,200}");

  private static final ObjectMapper JSON = new ObjectMapper();
  private final MachineConfig config;
  private final ContextPolicy policy;
  private final Function<String, String> environment;

  public ThreadMachine(MachineConfig config) {
    this(config, ContextPolicy.DEFAULTS);
  }

  /** A machine for which no {@code optional} subagent flag is set. */
  public ThreadMachine(MachineConfig config, ContextPolicy policy) {
    this(config, policy, flag -> null);
  }

  /**
   * @param environment resolves the flags named by subagents' {@code optional} field (the shell
   *     passes the process environment); read once, when a thread is created and its agent frozen
   */
  public ThreadMachine(
      MachineConfig config, ContextPolicy policy, Function<String, String> environment) {
    this.config = config;
    this.policy = policy;
    this.environment = environment;
  }

  public ContextPolicy policy() {
    return policy;
  }

  public MachineConfig config() {
    return config;
  }

  /**
   * @param state the thread's state, or null when the thread does not exist
   */
  public Transition decide(ThreadState state, Input input) {
    Decision d = new Decision(state, input.at());
    switch (input) {
      case CreateThread c -> d.create(c);
      case SendMessage m -> {
        if (d.accept(m)) {
          d.message(m);
        }
      }
      case QueueTool q -> {
        if (d.accept(q)) {
          d.queueTool(q);
        }
      }
      case Abort a -> {
        if (d.accept(a)) {
          d.abort(a);
        }
      }
      case Terminate t -> d.terminate(t);
      case Input.ScheduleEffect e -> {
        if (d.accept(e)) {
          d.scheduleEffect(e);
        }
      }
      case Input.CancelEffect e -> {
        if (d.accept(e)) {
          d.cancelEffect(e);
        }
      }
      case Input.Compact c -> {
        if (d.accept(c)) {
          d.compact(c);
        }
      }
      case Input.HeuristicContinuation h -> d.heuristicContinuation(h);
      case Input.ChildUpdate u -> {
        if (d.accept(u)) {
          d.childUpdate(u);
        }
      }
      case Input.ApprovalDecision a -> {
        if (d.accept(a)) {
          d.approval(a);
        }
      }
      case Unsupported u -> {
        if (d.accept(u)) {
          d.reject(u, u.commandType() + " is not supported by this step-processor version");
        }
      }
      case EffectFired e -> d.effect(e);
      case ModelResultReceived r -> d.modelResult(r);
      case ToolResultReceived r -> d.toolResult(r);
      case DeadlinePassed p -> d.deadline(p);
      case Input.ContextMissing c -> d.contextMissing(c);
    }
    return new Transition(d.s, d.out);
  }

  /** One decision in progress: the evolving state and the outputs so far. */
  private final class Decision {
    private ThreadState s;
    private final Instant at;
    private final List<Output> out = new ArrayList<>();

    Decision(ThreadState s, Instant at) {
      this.s = s;
      this.at = at;
    }

    // ---- events and messages -------------------------------------------------------------

    private void emit(Event.Payload payload) {
      out.add(
          new Output.Emit(new Event(s.nextEventSeq(), s.turn(), s.step(), s.epoch(), at, payload)));
      s = s.withNextEventSeq(s.nextEventSeq() + 1);
    }

    /** An event about a command that is not part of any thread's log (seq 0). */
    private void emitOutsideLog(Event.Payload payload) {
      out.add(new Output.Emit(new Event(0, 0, 0, 0, at, payload)));
    }

    private void append(Message message) {
      long seq = s.nextMessageSeq();
      out.add(new Output.AppendMessage(seq, s.turn(), s.step(), at, message));
      s =
          s.withNextMessageSeq(seq + 1)
              .withContext(
                  s.contextStartSeq(),
                  s.contextTokens() + Tokens.of(message, Tokens.counter(s.agent())));
      emit(new MessageAppended(seq, message));
    }

    private void status(Status next) {
      if (s.status() != next) {
        Status from = s.status();
        s = s.withStatus(next);
        emit(new StatusChanged(from, next));
      }
    }

    // ---- commands ------------------------------------------------------------------------

    private static String type(Command c) {
      return c instanceof Unsupported u ? u.commandType() : c.getClass().getSimpleName();
    }

    /** Rejects a command of an existing thread: an event in its log and a dead letter. */
    void reject(Command c, String reason) {
      emit(new CommandRejected(c.commandId(), type(c), reason));
      out.add(new Output.DeadLetter(reason));
    }

    private void rejectOutsideLog(Command c, String reason) {
      emitOutsideLog(new CommandRejected(c.commandId(), type(c), reason));
      out.add(new Output.DeadLetter(reason));
    }

    /**
     * Common checks: the thread exists and belongs to the caller's tenant (the same answer for
     * both, so a tenant learns nothing about another's threads), and is not finished.
     */
    boolean accept(Command c) {
      if (s == null || !s.tenantId().equals(c.tenantId())) {
        rejectOutsideLog(c, "unknown thread");
        return false;
      }
      if (s.status().isFinal()) {
        reject(c, "thread is " + s.status().name().toLowerCase(java.util.Locale.ROOT));
        return false;
      }
      return true;
    }

    void create(CreateThread c) {
      if (s != null) {
        if (s.tenantId().equals(c.tenantId())) {
          reject(c, "thread already exists");
        } else {
          rejectOutsideLog(c, "thread id is taken");
        }
        return;
      }
      if (c.threadId() == null || !THREAD_ID.matcher(c.threadId()).matches()) {
        rejectOutsideLog(c, "invalid thread id: use 1-200 of A-Z a-z 0-9 . _ : @ / -");
        return;
      }
      if (c.agent() == null) {
        rejectOutsideLog(c, "unknown agent '" + c.agentName() + "'");
        return;
      }
      InboundMessage first = null;
      if (c.message() != null) {
        switch (MessageRules.check(c.message(), config.maxMessageChars())) {
          case Valid v -> first = v.message();
          case Invalid i -> {
            rejectOutsideLog(c, "invalid message: " + i.reason());
            return;
          }
        }
      }
      AgentSnapshot agent = c.agent().withOptionalSubagentsResolved(environment);
      s = ThreadState.created(c.threadId(), c.tenantId(), agent, at).withParent(c.parent());
      out.add(new Output.StoreAgent(agent));
      emit(
          new ThreadCreated(
              c.agentName(),
              c.parent() == null ? null : c.parent().parentThreadId(),
              c.parent() == null ? null : c.parent().childName(),
              c.metadata() == null ? Map.of() : c.metadata()));
      if (first != null) {
        startTurn("message", new QueuedMessage(c.commandId(), first, false, at));
      }
    }

    void message(SendMessage m) {
      InboundMessage msg;
      switch (MessageRules.check(m.message(), config.maxMessageChars())) {
        case Valid v -> msg = v.message();
        case Invalid i -> {
          reject(m, "invalid message: " + i.reason());
          return;
        }
      }
      QueuedMessage item =
          new QueuedMessage(m.commandId(), msg, m.delivery() == Delivery.STEER, at);
      if (s.isBusy()) {
        enqueue(m, item);
      } else {
        startTurn(m.delivery() == Delivery.AUTO ? "message" : "queued_message", item);
      }
    }

    void queueTool(QueueTool q) {
      if (q.name() == null || q.name().isBlank()) {
        reject(q, "tool name is required");
        return;
      }
      if (!isJsonObject(q.argumentsJson())) {
        reject(q, "arguments of tool '" + q.name() + "' must be a JSON object");
        return;
      }
      QueuedTool item = new QueuedTool(q.commandId(), q.name(), q.argumentsJson(), at);
      if (s.isBusy()) {
        enqueue(q, item);
      } else {
        startTurn("queued_tool", item);
      }
    }

    private void enqueue(Command c, Queued item) {
      if (s.queue().size() >= config.maxQueueLength()) {
        reject(c, "queue is full (" + config.maxQueueLength() + " items)");
        return;
      }
      List<Queued> queue = new ArrayList<>(s.queue());
      if (coalesce(queue, item)) {
        return;
      }
      if (item instanceof QueuedMessage m && m.steer()) {
        // Steering goes ahead of ordinary queued work, behind earlier steering.
        int pos = 0;
        while (pos < queue.size() && queue.get(pos) instanceof QueuedMessage q && q.steer()) {
          pos++;
        }
        queue.add(pos, item);
      } else {
        queue.add(item);
      }
      s = s.withQueue(queue);
      emit(new MessageQueued(kind(item), queue.size()));
    }

    /**
     * Thread groups: a chore joins a chore already queued (one turn does both); a will replaces any
     * queued will (only the latest intention survives). True when {@code item} was absorbed.
     */
    private boolean coalesce(List<Queued> queue, Queued item) {
      if (!(item instanceof QueuedMessage incoming) || incoming.steer()) {
        return false;
      }
      Origin origin = incoming.message().origin();
      if (origin != Origin.CHORE && origin != Origin.WILL) {
        return false;
      }
      for (int i = 0; i < queue.size(); i++) {
        if (queue.get(i) instanceof QueuedMessage queued
            && !queued.steer()
            && queued.message().origin() == origin) {
          QueuedMessage merged =
              origin == Origin.WILL
                  ? incoming
                  : new QueuedMessage(
                      queued.commandId(),
                      joined(queued.message(), incoming.message()),
                      false,
                      queued.queuedAt());
          queue.set(i, merged);
          s = s.withQueue(queue);
          emit(
              new MessageQueued(
                  origin == Origin.WILL ? "will_replaced" : "chore_coalesced", queue.size()));
          return true;
        }
      }
      return false;
    }

    private static InboundMessage joined(InboundMessage first, InboundMessage second) {
      Map<String, String> meta = new java.util.HashMap<>(first.meta());
      meta.putAll(second.meta());
      List<Values.Attachment> attachments = new ArrayList<>(first.attachments());
      attachments.addAll(second.attachments());
      return new InboundMessage(
          first.origin(),
          first.channel(),
          first.sender(),
          first.text() + "\n\n" + second.text(),
          meta,
          attachments);
    }

    private static String kind(Queued item) {
      return switch (item) {
        case QueuedMessage m -> m.steer() ? "steer" : "message";
        case QueuedTool t -> "tool";
      };
    }

    void abort(Abort a) {
      if (!s.isBusy()) {
        emit(new CommandRejected(a.commandId(), "Abort", "no turn in flight"));
        return;
      }
      cancelInFlight();
      endTurn("aborted");
    }

    void terminate(Terminate t) {
      if (s == null || !s.tenantId().equals(t.tenantId())) {
        rejectOutsideLog(t, "unknown thread");
        return;
      }
      if (s.status() == Status.TERMINATED) {
        reject(t, "thread is terminated");
        return;
      }
      if (s.isBusy()) {
        cancelInFlight();
        emit(new TurnCompleted("terminated", s.step()));
      }
      dropQueue("thread terminated before this queued work ran");
      s = s.withTerminatedAt(at);
      status(Status.TERMINATED);
      emit(new ThreadTerminated(t.reason()));
      if (s.parent() != null) {
        out.add(
            new Output.NotifyParent(
                s.parent().parentThreadId(), "terminated", "terminated", t.reason()));
      }
    }

    /** Fences the in-flight request: a new epoch, no pending call, no remaining tool calls. */
    private void cancelInFlight() {
      clearPending();
      s = s.withEpoch(s.epoch() + 1).withRemainingCalls(List.of()).withStopToolCalled(false);
    }

    private void clearPending() {
      PendingCall p = s.pending();
      if (p != null && p.deadline() != null) {
        out.add(new Output.ClearDeadline(p.requestId(), p.deadline()));
      }
      s = s.withPending(null);
    }

    private void dropQueue(String reason) {
      for (Queued item : s.queue()) {
        emit(new CommandRejected(item.commandId(), kind(item), reason));
      }
      s = s.withQueue(List.of());
    }

    void effect(EffectFired e) {
      if (s == null) {
        return;
      }
      emit(new Event.EffectFired(e.effectId()));
      if (s.status().isFinal()) {
        emit(
            new CommandRejected(
                e.action().commandId(),
                "EffectFired",
                "effect " + e.effectId() + " dropped: thread is finished"));
        return;
      }
      if (s.isBusy()) {
        List<Queued> queue = new ArrayList<>(s.queue());
        if (!coalesce(queue, e.action())) {
          queue.add(e.action());
          s = s.withQueue(queue);
          emit(new MessageQueued(kind(e.action()), queue.size()));
        }
      } else {
        startTurn("effect", e.action());
      }
    }

    void scheduleEffect(Input.ScheduleEffect e) {
      if (e.effectId() == null || e.effectId().isBlank() || e.effectId().contains("|")) {
        reject(e, "effect id must be non-empty and must not contain '|'");
        return;
      }
      if (e.action() instanceof QueuedMessage m) {
        switch (MessageRules.check(m.message(), config.maxMessageChars())) {
          case Valid v -> {}
          case Invalid i -> {
            reject(e, "invalid message: " + i.reason());
            return;
          }
        }
      }
      out.add(new Output.SetTimer(e.effectId(), e.fireAt(), e.action()));
      emit(
          new Event.EffectScheduled(
              e.effectId(), e.fireAt(), e.action() instanceof QueuedTool ? "tool" : "message"));
    }

    void cancelEffect(Input.CancelEffect e) {
      if (!e.scheduled()) {
        reject(
            e,
            "no scheduled effect '"
                + e.effectId()
                + "' (it fired, was cancelled, or never existed)");
        return;
      }
      out.add(new Output.CancelTimer(e.effectId()));
      emit(new Event.EffectCancelled(e.effectId()));
    }

    // ---- approvals --------------------------------------------------------------------------

    /** Spec: permission ask pauses the thread until an approval decision arrives. */
    private void awaitApproval(String requestId, ToolCall call, boolean fromQueue) {
      Instant deadline =
          config.approvalTimeout().isZero() ? null : at.plus(config.approvalTimeout());
      s =
          s.withPending(
              new PendingCall(
                  CallKind.APPROVAL, requestId, 1, at, deadline, call, 0, false, fromQueue));
      if (deadline != null) {
        out.add(new Output.SetDeadline(requestId, deadline));
      }
      status(Status.AWAITING_APPROVAL);
      emit(
          new Event.ApprovalRequested(requestId, call.callId(), call.name(), call.argumentsJson()));
    }

    void approval(Input.ApprovalDecision a) {
      PendingCall p = s.pending();
      if (s.status() != Status.AWAITING_APPROVAL
          || p == null
          || p.kind() != CallKind.APPROVAL
          || !p.call().callId().equals(a.callId())) {
        reject(a, "no tool call '" + a.callId() + "' is waiting for approval");
        return;
      }
      decide(p, a.approve(), a.reason());
    }

    private void decide(PendingCall p, boolean approve, String reason) {
      clearPending();
      emit(new Event.ApprovalDecided(p.call().callId(), approve, reason));
      status(Status.RUNNING);
      if (approve) {
        issueTool(p.requestId(), p.call(), 1, p.fromQueue());
      } else {
        completeCall(
            p.requestId(),
            p.call(),
            null,
            "denied by the approver" + (reason == null ? "" : ": " + reason),
            0,
            p.fromQueue());
      }
    }

    // ---- the turn -------------------------------------------------------------------------

    /** Starts a turn whose first work item is {@code trigger}. */
    private void startTurn(String trigger, Queued first) {
      List<Queued> queue = new ArrayList<>();
      queue.add(first);
      queue.addAll(s.queue());
      s = s.withQueue(queue);
      beginTurn(trigger);
    }

    /** Opens the next turn on the queue's head item and runs it. */
    private void beginTurn(String trigger) {
      Lane lane =
          s.queue().getFirst() instanceof QueuedMessage m
              ? MessageRules.lane(m.message().origin(), s.agent().group())
              : s.agent().group();
      s = s.withTurn(s.turn() + 1, 0, lane).withTerminal(null);
      status(Status.RUNNING);
      emit(new TurnStarted(trigger, lane));
      drainThenCallModel();
    }

    /** Spec §3 step 1–3: drain queued work into the context, then call the model. */
    private void drainThenCallModel() {
      InboundMessage prompt = null;
      while (!s.queue().isEmpty()) {
        Queued head = s.queue().getFirst();
        if (head instanceof QueuedTool && runImmediate(prompt)) {
          return;
        }
        s = s.withQueue(s.queue().subList(1, s.queue().size()));
        switch (head) {
          case QueuedMessage m -> {
            append(Message.user(m.message()));
            prompt = prompt == null ? m.message() : prompt;
          }
          case QueuedTool t -> {
            // A queued tool runs as a tool call (persisted as such), then the model is called.
            ToolCall call =
                new ToolCall(
                    Ids.queuedToolCall(s.turn(), s.step(), s.callIndex()),
                    t.name(),
                    t.argumentsJson());
            append(Message.assistant(null, List.of(call)));
            s = s.withRemainingCalls(List.of(call));
            runNextCall(true);
            return;
          }
        }
      }
      if (runImmediate(prompt)) {
        return;
      }
      callModel();
    }

    /**
     * Spec §7.3: when a thread's prompt first becomes active (its first turn, before any step or
     * call), its {@code immediate} subagents are called, in declaration order, with the prompt's
     * text (and attachments) as their task; the model runs after. A child's own immediate subagents
     * run the same way when its prompt arrives, so this is recursive.
     *
     * @return whether calls were started (the caller stops; they continue the turn)
     */
    private boolean runImmediate(InboundMessage prompt) {
      if (s.turn() != 1 || s.step() != 0 || s.callIndex() != 0) {
        return false;
      }
      List<ToolCall> calls = new ArrayList<>();
      for (AgentSnapshot.Subagent spec : s.agent().subagents()) {
        if (!spec.immediate() || spec.resumable()) {
          continue;
        }
        var args = JSON.createObjectNode();
        String task =
            prompt == null || prompt.text() == null || prompt.text().isBlank()
                ? spec.description()
                : prompt.text();
        args.put(
            spec.initUserMessageProperty() == null ? "message" : spec.initUserMessageProperty(),
            task == null || task.isBlank() ? spec.name() : task);
        if (spec.initAttachmentsProperty() != null && prompt != null) {
          var files = args.putArray(spec.initAttachmentsProperty());
          prompt.attachments().forEach(a -> files.add(a.path()));
        }
        calls.add(new ToolCall(Ids.immediateCall(calls.size()), spec.name(), args.toString()));
      }
      if (calls.isEmpty()) {
        return false;
      }
      append(Message.assistant(null, calls));
      s = s.withRemainingCalls(calls);
      runNextCall(true);
      return true;
    }

    private void callModel() {
      long budget = Tokens.budget(s.agent());
      long used = s.contextTokens() + Tokens.overhead(s.agent());
      boolean compactable = s.nextMessageSeq() - s.contextStartSeq() > 1;
      if (used >= policy.compactAt() * budget && compactable) {
        startCompaction("threshold", used);
        return;
      }
      if (used >= policy.refuseAt() * budget) {
        emit(
            new ModelCallFailed(
                Ids.modelRequest(s.threadId(), s.turn(), s.step() + 1, 0),
                "context_full",
                "the context needs about " + used + " tokens; the budget is " + budget,
                false,
                false));
        endTurn("context_full");
        return;
      }
      s = s.withStep(s.step() + 1, s.totalSteps() + 1);
      String requestId = Ids.modelRequest(s.threadId(), s.turn(), s.step(), 0);
      issueModel(requestId, 1, 0);
    }

    private void issueModel(String requestId, int attempt, int retries) {
      Instant deadline = at.plus(config.modelTimeout());
      if (attempt == 1) {
        s = s.withModelCalls(s.modelCalls() + 1);
      }
      s =
          s.withPending(
              new PendingCall(
                  CallKind.MODEL, requestId, attempt, at, deadline, null, retries, false, false));
      out.add(modelRequest(s.pending()));
      out.add(new Output.SetDeadline(requestId, deadline));
      AgentSnapshot.ModelConfig model = s.agent().model();
      int messageCount = (int) (s.nextMessageSeq() - s.contextStartSeq());
      emit(
          new ModelCallRequested(
              requestId,
              attempt,
              model.provider(),
              model.model(),
              s.lane(),
              messageCount,
              deadline));
    }

    /**
     * The executor did not hold the messages the pending request reused: the same call again (same
     * id, attempt and deadline; not a retry, not a new step), which the shell sends whole.
     */
    void contextMissing(Input.ContextMissing c) {
      if (s == null) {
        return;
      }
      PendingCall p = answered(CallKind.MODEL, c.requestId(), c.epoch());
      if (p != null) {
        out.add(modelRequest(p));
      }
    }

    /** The request for pending model call {@code p}, at the thread's current turn and step. */
    private Output.RequestModel modelRequest(PendingCall p) {
      return new Output.RequestModel(
          p.requestId(),
          p.attempt(),
          s.epoch(),
          s.turn(),
          s.step(),
          s.modelCalls(),
          s.lane(),
          s.contextStartSeq(),
          p.issuedAt(),
          p.deadline());
    }

    void modelResult(ModelResultReceived r) {
      if (s == null) {
        return;
      }
      PendingCall p = s.pending();
      if (p != null
          && p.kind() == CallKind.COMPACTION
          && p.requestId().equals(r.requestId())
          && r.epoch() == s.epoch()
          && !p.waitingForRetry()) {
        compactionResult(p, r.outcome());
        return;
      }
      if (answered(CallKind.MODEL, r.requestId(), r.epoch()) == null) {
        return;
      }
      switch (r.outcome()) {
        case ModelReply reply -> {
          clearPending();
          s = s.withUsage(s.usage().plus(reply.usage()));
          emit(
              new ModelCallCompleted(
                  r.requestId(),
                  reply.usage(),
                  reply.finishReason(),
                  reply.toolCalls().size(),
                  millis(p.issuedAt())));
          append(Message.assistant(reply.text(), reply.toolCalls()));
          if (reply.toolCalls().isEmpty()) {
            evaluateStop(true);
          } else {
            s = s.withRemainingCalls(reply.toolCalls());
            runNextCall(false);
          }
        }
        case ModelFailure f -> {
          boolean retry = f.retryable() && p.retries() < config.maxModelRetries();
          emit(new ModelCallFailed(r.requestId(), f.code(), f.message(), f.retryable(), retry));
          out.add(new Output.ClearDeadline(p.requestId(), p.deadline()));
          if (retry) {
            Instant retryAt = at.plus(config.backoff(p.retries()));
            s =
                s.withPending(
                    new PendingCall(
                        CallKind.MODEL,
                        p.requestId(),
                        p.attempt(),
                        p.issuedAt(),
                        retryAt,
                        null,
                        p.retries() + 1,
                        true,
                        false));
            out.add(new Output.SetDeadline(p.requestId(), retryAt));
          } else {
            s = s.withPending(null);
            endTurn(f.retryable() ? "model_error_retries_exhausted" : "model_error");
          }
        }
      }
    }

    /**
     * The pending call a result for {@code requestId} answers, or null — with a {@code
     * ResultIgnored} event saying why — when it answers none.
     */
    private PendingCall answered(CallKind kind, String requestId, long epoch) {
      PendingCall p = s.pending();
      String ignored = mismatch(p, kind, requestId, epoch);
      if (ignored != null) {
        emit(new ResultIgnored(requestId, epoch, ignored));
        return null;
      }
      return p;
    }

    /** Why a result does not answer the pending request, or null when it does. */
    private String mismatch(PendingCall p, CallKind kind, String requestId, long epoch) {
      if (epoch != s.epoch()) {
        return "stale epoch " + epoch + " (thread is at " + s.epoch() + ")";
      }
      if (p == null || p.kind() != kind || !p.requestId().equals(requestId)) {
        return "no pending "
            + kind.name().toLowerCase(java.util.Locale.ROOT)
            + " request with this id (duplicate or late)";
      }
      if (p.waitingForRetry()) {
        return "request already failed; a retry is scheduled";
      }
      return null;
    }

    private long millis(Instant since) {
      return since == null ? 0 : Math.max(0, Duration.between(since, at).toMillis());
    }

    // ---- tool calls -----------------------------------------------------------------------

    /** Starts the next remaining tool call; runtime tools complete at once. */
    private void runNextCall(boolean fromQueue) {
      ToolCall call = s.remainingCalls().getFirst();
      s = s.withRemainingCalls(s.remainingCalls().subList(1, s.remainingCalls().size()));
      int index = s.callIndex();
      s = s.withCallIndex(index + 1);
      String requestId = Ids.toolRequest(s.threadId(), s.turn(), s.step(), index);
      AgentSnapshot agent = s.agent();
      String name = call.name();

      if (name.equals(agent.stop().stopTool())) {
        s = s.withStopToolCalled(true);
      }
      if (RuntimeTools.LIFECYCLE.contains(name)) {
        emit(new ToolCallRequested(requestId, call.callId(), name, call.argumentsJson(), true));
        lifecycleTool(requestId, call, fromQueue);
        return;
      }
      var subagent =
          agent.subagents().stream()
              .filter(sa -> !sa.resumable() && sa.name().equals(name))
              .findFirst();
      if (subagent.isPresent() || RuntimeTools.SUBAGENT.contains(name)) {
        emit(new ToolCallRequested(requestId, call.callId(), name, call.argumentsJson(), true));
        subagentTool(requestId, call, index, subagent.orElse(null), fromQueue);
        return;
      }
      if (RuntimeTools.STORE.contains(name)) {
        emit(new ToolCallRequested(requestId, call.callId(), name, call.argumentsJson(), true));
        s =
            s.withPending(
                new PendingCall(CallKind.TOOL, requestId, 1, at, null, call, 0, false, fromQueue));
        out.add(new Output.RunStoreTool(requestId, s.epoch(), call));
        return;
      }
      var declared = agent.tool(name);
      if (declared.isEmpty() && name.equals(agent.stop().stopTool())) {
        emit(new ToolCallRequested(requestId, call.callId(), name, call.argumentsJson(), true));
        completeCall(requestId, call, "{\"stopped\":true}", null, 0, fromQueue);
        return;
      }
      String refusal =
          declared.isEmpty()
              ? "unknown tool '"
                  + name
                  + "'; available tools: "
                  + ContextAssembler.tools(agent).stream().map(RuntimeTools.ToolDef::name).toList()
              : declared.get().permission() == Permission.DENY
                  ? "permission denied: tool '" + name + "' is denied for this agent"
                  : null;
      if (refusal != null) {
        emit(new ToolCallRequested(requestId, call.callId(), name, call.argumentsJson(), true));
        completeCall(requestId, call, null, refusal, 0, fromQueue);
        return;
      }
      if (declared.get().permission() == Permission.ASK) {
        awaitApproval(requestId, call, fromQueue);
        return;
      }
      issueTool(requestId, call, 1, fromQueue);
    }

    private void issueTool(String requestId, ToolCall call, int attempt, boolean fromQueue) {
      Instant deadline = at.plus(config.toolTimeout());
      s =
          s.withPending(
              new PendingCall(
                  CallKind.TOOL, requestId, attempt, at, deadline, call, 0, false, fromQueue));
      out.add(
          new Output.RequestTool(
              requestId, attempt, s.epoch(), s.turn(), s.step(), call, at, deadline));
      out.add(new Output.SetDeadline(requestId, deadline));
      emit(
          new ToolCallRequested(
              requestId, call.callId(), call.name(), call.argumentsJson(), false));
    }

    private void lifecycleTool(String requestId, ToolCall call, boolean fromQueue) {
      JsonNode args = parse(call.argumentsJson());
      switch (call.name()) {
        case RuntimeTools.SESSION_STOP -> {
          s = s.withTerminal(new TerminalOutcome(false, call.argumentsJson()));
          completeCall(requestId, call, "{\"ok\":true}", null, 0, fromQueue);
        }
        case RuntimeTools.SESSION_FAIL -> {
          s = s.withTerminal(new TerminalOutcome(true, call.argumentsJson()));
          completeCall(requestId, call, "{\"ok\":true}", null, 0, fromQueue);
        }
        default -> {
          JsonNode status = args == null ? null : args.get("status");
          if (status == null || !status.isTextual() || status.asText().isBlank()) {
            completeCall(
                requestId,
                call,
                null,
                "sessionStatus needs a non-empty string field 'status'",
                0,
                fromQueue);
          } else {
            emit(new StatusReported(status.asText(), call.argumentsJson()));
            if (s.parent() != null) {
              out.add(
                  new Output.NotifyParent(
                      s.parent().parentThreadId(),
                      "status",
                      status.asText(),
                      call.argumentsJson()));
            }
            completeCall(requestId, call, "{\"ok\":true}", null, 0, fromQueue);
          }
        }
      }
    }

    void toolResult(ToolResultReceived r) {
      if (s == null) {
        return;
      }
      PendingCall p = answered(CallKind.TOOL, r.requestId(), r.epoch());
      if (p == null) {
        return;
      }
      clearPending();
      applyEffects(r.effects());
      completeCall(p.requestId(), p.call(), r.output(), r.error(), r.durationMs(), p.fromQueue());
    }

    /** Spec §5: every result, error or not, is persisted before anything else happens. */
    private void completeCall(
        String requestId,
        ToolCall call,
        String output,
        String error,
        long durationMs,
        boolean fromQueue) {
      String content = error != null ? error : output == null ? "" : output;
      append(Message.toolResult(call, content, error != null));
      emit(new ToolCallCompleted(requestId, call.callId(), call.name(), durationMs, error));
      if (error == null && call.name().equals(RuntimeTools.SET_VALUE)) {
        JsonNode args = parse(call.argumentsJson());
        JsonNode value = args == null ? null : args.get("value");
        emit(
            new ValueChanged(
                args.path("key").asText(),
                value == null || value.isNull() ? null : value.toString()));
      }
      if (!s.remainingCalls().isEmpty()) {
        runNextCall(fromQueue);
      } else if (fromQueue) {
        drainThenCallModel();
      } else {
        evaluateStop(false);
      }
    }

    /** Spec §6, in order. */
    private void evaluateStop(boolean answeredWithoutTools) {
      AgentSnapshot.StopRules stop = s.agent().stop();
      if (s.terminal() != null) {
        endTurn(s.terminal().failed() ? "session_fail" : "session_stop");
      } else if (s.stopToolCalled()) {
        endTurn("stop_tool");
      } else if (answeredWithoutTools && stop.stopOnResponse()) {
        endTurn("response");
      } else if (s.step() >= stop.maxSteps()) {
        endTurn("max_steps");
      } else if (s.step() >= config.hardMaxStepsPerTurn()) {
        endTurn("hard_cap");
      } else {
        drainThenCallModel();
      }
    }

    private void endTurn(String reason) {
      emit(new TurnCompleted(reason, s.step()));
      s = s.withPending(null).withRemainingCalls(List.of()).withStopToolCalled(false);
      Integer maxTurns = s.agent().stop().maxSessionTurns();
      if (s.terminal() != null && s.parent() != null) {
        reportToParent();
      } else if (s.terminal() != null) {
        dropQueue(
            "thread "
                + (s.terminal().failed() ? "failed" : "completed")
                + " before this queued work ran");
        status(s.terminal().failed() ? Status.FAILED : Status.COMPLETED);
      } else if (maxTurns != null && s.turn() >= maxTurns) {
        dropQueue("thread reached maxSessionTurns (" + maxTurns + ")");
        status(Status.COMPLETED);
      } else if (!s.queue().isEmpty()) {
        beginTurn("queued");
      } else {
        status(Status.IDLE);
      }
    }

    // ---- context management ----------------------------------------------------------------

    private void startCompaction(String trigger, long used) {
      String requestId =
          Ids.compaction(s.threadId(), s.turn(), s.step(), trigger, s.nextMessageSeq());
      issueCompaction(requestId, 1);
      emit(new Event.CompactionStarted(requestId, trigger, used));
    }

    private void issueCompaction(String requestId, int attempt) {
      Instant deadline = at.plus(config.modelTimeout());
      s =
          s.withPending(
              new PendingCall(
                  CallKind.COMPACTION, requestId, attempt, at, deadline, null, 0, false, false));
      out.add(
          new Output.RequestCompaction(
              requestId,
              attempt,
              s.epoch(),
              s.turn(),
              s.step(),
              s.lane(),
              s.contextStartSeq(),
              at,
              deadline));
      out.add(new Output.SetDeadline(requestId, deadline));
    }

    private void compactionResult(PendingCall p, Input.ModelOutcome outcome) {
      clearPending();
      if (outcome instanceof ModelReply reply && reply.text() != null && !reply.text().isBlank()) {
        s = s.withUsage(s.usage().plus(reply.usage()));
        finishCompaction(p, reply.text(), false);
      } else {
        heuristicFallback(p);
      }
    }

    /** The summarizer failed: the shell builds the artifact by rule and answers at once. */
    private void heuristicFallback(PendingCall p) {
      s =
          s.withPending(
              new PendingCall(
                  CallKind.COMPACTION,
                  p.requestId(),
                  p.attempt(),
                  p.issuedAt(),
                  null,
                  null,
                  0,
                  true,
                  false));
      out.add(new Output.BuildHeuristicContinuation(p.requestId(), s.epoch(), s.contextStartSeq()));
    }

    void heuristicContinuation(Input.HeuristicContinuation h) {
      PendingCall p = s == null ? null : s.pending();
      if (p == null
          || p.kind() != CallKind.COMPACTION
          || !p.waitingForRetry()
          || !p.requestId().equals(h.requestId())
          || h.epoch() != s.epoch()) {
        return;
      }
      finishCompaction(p, h.text(), true);
    }

    /**
     * The artifact becomes the first message of a new active window; the transcript stays stored.
     */
    private void finishCompaction(PendingCall p, String artifact, boolean heuristic) {
      s = s.withPending(null);
      long before = s.contextTokens() + Tokens.overhead(s.agent());
      s = s.withContext(s.nextMessageSeq(), 0);
      append(
          Message.user(
              new InboundMessage(
                  Origin.TASK,
                  null,
                  MessageRules.SELF,
                  "[Continuation of the conversation so far]\n" + artifact,
                  Map.of("kind", "continuation"),
                  List.of())));
      emit(
          new Event.CompactionCompleted(
              before, s.contextTokens() + Tokens.overhead(s.agent()), heuristic));
      if (p.requestId().contains("/compact-manual")) {
        if (!s.queue().isEmpty()) {
          beginTurn("queued");
        } else {
          status(Status.IDLE);
        }
      } else {
        callModel();
      }
    }

    void compact(Input.Compact c) {
      if (s.isBusy()) {
        reject(
            c,
            "thread is busy; compaction runs between turns (the runtime also compacts by itself near the budget)");
        return;
      }
      if (s.nextMessageSeq() - s.contextStartSeq() <= 1) {
        reject(c, "nothing to compact");
        return;
      }
      status(Status.RUNNING);
      startCompaction("manual", s.contextTokens() + Tokens.overhead(s.agent()));
    }

    // ---- subagents -------------------------------------------------------------------------

    private void subagentTool(
        String requestId,
        ToolCall call,
        int index,
        AgentSnapshot.Subagent spec,
        boolean fromQueue) {
      JsonNode args = parse(call.argumentsJson());
      if (args == null || !args.isObject()) {
        completeCall(
            requestId,
            call,
            null,
            "arguments of '" + call.name() + "' must be a JSON object",
            0,
            fromQueue);
        return;
      }
      if (spec != null) {
        String property =
            spec.initUserMessageProperty() == null ? "message" : spec.initUserMessageProperty();
        String task = args.path(property).asText("");
        if (task.isBlank()) {
          completeCall(
              requestId,
              call,
              null,
              "field '" + property + "' is required: the task for the subagent",
              0,
              fromQueue);
          return;
        }
        String childName =
            spec.initAgentNameProperty() == null
                ? spec.name()
                : args.path(spec.initAgentNameProperty()).asText(spec.name());
        spawn(
            requestId,
            call,
            index,
            spec,
            childName,
            task,
            attachments(args, spec.initAttachmentsProperty()),
            fromQueue);
        return;
      }
      AgentSnapshot agent = s.agent();
      if (call.name().equals(RuntimeTools.SUBAGENT_CREATE)) {
        String wanted = args.path("subagent").asText("");
        var resumable =
            agent.subagents().stream()
                .filter(sa -> sa.resumable() && sa.name().equals(wanted))
                .findFirst();
        if (resumable.isEmpty()) {
          completeCall(
              requestId,
              call,
              null,
              "no resumable subagent '"
                  + wanted
                  + "'; yours: "
                  + agent.subagents().stream()
                      .filter(AgentSnapshot.Subagent::resumable)
                      .map(AgentSnapshot.Subagent::name)
                      .toList(),
              0,
              fromQueue);
          return;
        }
        String childName = args.path("name").asText("").trim();
        if (childName.isEmpty()) {
          completeCall(
              requestId,
              call,
              null,
              "subagent_create needs a non-empty 'name' for the new subagent",
              0,
              fromQueue);
          return;
        }
        if (s.children().stream()
            .anyMatch(c -> c.name().equals(childName) && !c.status().equals("terminated"))) {
          completeCall(
              requestId,
              call,
              null,
              "a subagent named '"
                  + childName
                  + "' already exists; send it work with subagent_message",
              0,
              fromQueue);
          return;
        }
        spawn(
            requestId,
            call,
            index,
            resumable.get(),
            childName,
            args.path("message").asText(""),
            attachments(args, "attachments"),
            fromQueue);
        return;
      }
      String childName = args.path("name").asText("");
      var child =
          s.children().stream()
              .filter(
                  c ->
                      c.name().equals(childName)
                          && c.resumable()
                          && !c.status().equals("terminated"))
              .findFirst();
      if (child.isEmpty()) {
        completeCall(
            requestId,
            call,
            null,
            "no resumable subagent named '"
                + childName
                + "'; yours: "
                + s.children().stream()
                    .filter(ThreadState.ChildEntry::resumable)
                    .map(ThreadState.ChildEntry::name)
                    .toList(),
            0,
            fromQueue);
        return;
      }
      String text = args.path("message").asText("");
      if (text.isBlank()) {
        completeCall(requestId, call, null, "field 'message' is required", 0, fromQueue);
        return;
      }
      out.add(new Output.MessageChild(child.get().childThreadId(), text));
      completeCall(
          requestId,
          call,
          "{\"sent\":true,\"childThreadId\":\"" + child.get().childThreadId() + "\"}",
          null,
          0,
          fromQueue);
    }

    private void spawn(
        String requestId,
        ToolCall call,
        int index,
        AgentSnapshot.Subagent spec,
        String childName,
        String task,
        List<Values.Attachment> attachments,
        boolean fromQueue) {
      long active =
          s.children().stream()
              .filter(c -> c.subagentName().equals(spec.name()) && c.active())
              .count();
      if (active >= spec.maxInstances()) {
        completeCall(
            requestId,
            call,
            null,
            "subagent '"
                + spec.name()
                + "' already has "
                + active
                + " running instance(s), its maxInstances; wait until one finishes"
                + " (its result arrives as a message)"
                + (spec.resumable()
                    ? " or give more work to a running one with subagent_message"
                    : ""),
            0,
            fromQueue);
        return;
      }
      String childId =
          s.threadId() + "/" + spec.name() + "-" + s.turn() + "." + s.step() + "." + index;
      if (!THREAD_ID.matcher(childId).matches()) {
        completeCall(
            requestId,
            call,
            null,
            "cannot start subagent '"
                + spec.name()
                + "': the child thread id would be invalid (too long?)",
            0,
            fromQueue);
        return;
      }
      ThreadState.ParentRef link =
          new ThreadState.ParentRef(
              s.threadId(), spec.name(), childName, spec.resumable(), spec.explicitCommunication());
      List<ThreadState.ChildEntry> children = new ArrayList<>(s.children());
      children.add(
          new ThreadState.ChildEntry(childId, childName, spec.name(), spec.resumable(), "running"));
      s = s.withChildren(children);
      out.add(new Output.SpawnChild(childId, spec.agent(), link, task, attachments));
      emit(new Event.SubagentCreated(childId, childName, spec.name(), spec.agent()));
      completeCall(
          requestId,
          call,
          "{\"childThreadId\":\""
              + childId
              + "\",\"name\":\""
              + childName.replace("\"", "")
              + "\",\"status\":\"started\"}",
          null,
          0,
          fromQueue);
    }

    /**
     * Attachments named in tool arguments or a terminal payload: an array of paths (strings) or of
     * objects with a {@code path}; paths that leave the thread's folder are ignored.
     */
    private static List<Values.Attachment> attachments(JsonNode args, String property) {
      List<Values.Attachment> attachments = new ArrayList<>();
      if (args == null || property == null || !args.path(property).isArray()) {
        return attachments;
      }
      for (JsonNode item : args.get(property)) {
        String path = item.isTextual() ? item.asText() : item.path("path").asText("");
        if (!path.isBlank() && !path.contains("..") && !path.startsWith("/")) {
          attachments.add(
              new Values.Attachment(
                  path,
                  item.path("mediaType").isTextual() ? item.get("mediaType").asText() : null,
                  null,
                  null));
        }
      }
      return attachments;
    }

    /**
     * A child's sessionStop / sessionFail: report to the parent (unless communication is explicit);
     * a non-resumable child is then terminated, a resumable one waits for more work.
     */
    private void reportToParent() {
      ThreadState.ParentRef parent = s.parent();
      String kind = s.terminal().failed() ? "failed" : "completed";
      if (!parent.explicit()) {
        out.add(
            new Output.NotifyParent(
                parent.parentThreadId(),
                kind,
                kind,
                s.terminal().payloadJson(),
                attachments(parse(s.terminal().payloadJson()), "attachments")));
      }
      if (!parent.resumable()) {
        dropQueue("subagent " + kind + " before this queued work ran");
        s = s.withTerminatedAt(at);
        status(Status.TERMINATED);
        emit(new ThreadTerminated("subagent " + kind + "; its parent has the result"));
      } else if (!s.queue().isEmpty()) {
        beginTurn("queued");
      } else {
        status(Status.IDLE);
      }
    }

    /** A parent hears from a child: update the registry; a result becomes a queued message. */
    void childUpdate(Input.ChildUpdate u) {
      var entry =
          s.children().stream()
              .filter(c -> c.childThreadId().equals(u.childThreadId()))
              .findFirst();
      if (entry.isEmpty()) {
        reject(u, "no child thread '" + u.childThreadId() + "'");
        return;
      }
      boolean notify = u.kind().equals("notify");
      String status =
          u.kind().equals("status") ? u.status() : notify ? entry.get().status() : u.kind();
      List<ThreadState.ChildEntry> children = new ArrayList<>();
      for (ThreadState.ChildEntry c : s.children()) {
        children.add(
            c.childThreadId().equals(u.childThreadId())
                ? new ThreadState.ChildEntry(
                    c.childThreadId(), c.name(), c.subagentName(), c.resumable(), status)
                : c);
      }
      s = s.withChildren(children);
      emit(new Event.ChildStatusUpdated(u.childThreadId(), u.kind(), status));
      if (u.kind().equals("completed") || u.kind().equals("failed") || notify) {
        InboundMessage result =
            new InboundMessage(
                Origin.TASK,
                null,
                MessageRules.SELF,
                "[subagent "
                    + entry.get().name()
                    + " "
                    + u.kind()
                    + "] "
                    + (u.content() == null ? "" : u.content()),
                Map.of("childThreadId", u.childThreadId(), "kind", u.kind()),
                u.attachments());
        QueuedMessage item = new QueuedMessage(u.commandId(), result, false, at);
        if (s.isBusy()) {
          enqueue(u, item);
        } else {
          startTurn("subagent", item);
        }
      }
    }

    /**
     * A tool's requests of the runtime: on a child thread, notify_parent sends the parent a message
     * (even with explicit communication) and set_status updates the parent's registry.
     */
    private void applyEffects(List<Values.ToolEffect> effects) {
      if (s.parent() == null) {
        return;
      }
      for (Values.ToolEffect effect : effects) {
        switch (effect.kind()) {
          case "notify_parent" ->
              out.add(
                  new Output.NotifyParent(
                      s.parent().parentThreadId(), "notify", "notify", effect.content()));
          case "set_status" ->
              out.add(
                  new Output.NotifyParent(
                      s.parent().parentThreadId(), "status", effect.content(), null));
          default -> {}
        }
      }
    }

    // ---- deadlines ------------------------------------------------------------------------

    void deadline(DeadlinePassed d) {
      PendingCall p = s == null ? null : s.pending();
      if (p == null
          || !p.requestId().equals(d.requestId())
          || p.deadline() == null
          || at.isBefore(p.deadline())) {
        return; // an index entry of a request that already completed or was re-scheduled
      }
      if (p.kind() == CallKind.COMPACTION) {
        if (p.attempt() < config.maxAttempts()) {
          emit(new StepRetried(p.requestId(), p.attempt() + 1, "no result by the deadline"));
          issueCompaction(p.requestId(), p.attempt() + 1);
        } else {
          heuristicFallback(p);
        }
        return;
      }
      if (p.kind() == CallKind.APPROVAL) {
        decide(p, false, "no decision within " + config.approvalTimeout().toSeconds() + " s");
        return;
      }
      if (p.waitingForRetry()) {
        String retryId = Ids.modelRequest(s.threadId(), s.turn(), s.step(), p.retries());
        emit(new StepRetried(retryId, p.retries(), "retry after a retryable model error"));
        issueModel(retryId, 1, p.retries());
      } else if (p.attempt() < config.maxAttempts()) {
        emit(new StepRetried(p.requestId(), p.attempt() + 1, "no result by the deadline"));
        if (p.kind() == CallKind.MODEL) {
          issueModel(p.requestId(), p.attempt() + 1, p.retries());
        } else {
          issueTool(p.requestId(), p.call(), p.attempt() + 1, p.fromQueue());
        }
      } else if (p.kind() == CallKind.MODEL) {
        emit(
            new ModelCallFailed(
                p.requestId(),
                "timeout",
                "no result after " + p.attempt() + " attempts",
                true,
                false));
        s = s.withPending(null);
        endTurn("model_timeout");
      } else {
        s = s.withPending(null);
        completeCall(
            p.requestId(),
            p.call(),
            null,
            "tool '" + p.call().name() + "' timed out after " + p.attempt() + " attempts",
            millis(p.issuedAt()),
            p.fromQueue());
      }
    }
  }

  private static boolean isJsonObject(String json) {
    JsonNode node = parse(json);
    return node != null && node.isObject();
  }

  private static JsonNode parse(String json) {
    if (json == null) {
      return null;
    }
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      return null;
    }
  }
}
