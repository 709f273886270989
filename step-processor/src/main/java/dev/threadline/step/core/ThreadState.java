package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.Usage;
import java.time.Instant;
import java.util.List;

/**
 * Everything the state machine knows about one thread, except message bodies (those live in the
 * append-only message store; the state holds only sequence counters), so its size does not grow
 * with the thread's length.
 *
 * @param agent the frozen agent definition (persisted separately, written once)
 * @param epoch fences results of aborted work: bumped by abort and terminate
 * @param turn number of the current (or last) turn, from 1
 * @param step model calls made in the current turn
 * @param callIndex tool calls started in the current step
 * @param modelCalls model calls issued in the current turn, counting retries after errors (not
 *     deadline re-issues, which repeat a call)
 * @param nextEventSeq the seq the next canonical event gets (gap-free, from 1)
 * @param nextMessageSeq the seq the next persisted message gets (from 1)
 * @param contextStartSeq first message of the active context window
 * @param contextTokens estimated tokens of the active window (see {@link Tokens})
 * @param contextTokens estimated tokens of the active window
 * @param lane lane of the current turn's model requests
 * @param queue durable FIFO of work that arrived while busy
 * @param pending the outstanding request, or null
 * @param remainingCalls tool calls of the current step not yet started, in model order
 * @param stopToolCalled the agent's stopTool was called in this step
 * @param terminal set by sessionStop / sessionFail in this step
 * @param parent set on a child thread: the parent it reports to
 * @param children the child registry of a parent thread (bounded by the subagents' maxInstances)
 */
public record ThreadState(
    String threadId,
    String tenantId,
    AgentSnapshot agent,
    Status status,
    long epoch,
    int turn,
    int step,
    int callIndex,
    int modelCalls,
    long totalSteps,
    long nextEventSeq,
    long nextMessageSeq,
    long contextStartSeq,
    long contextTokens,
    Lane lane,
    List<Queued> queue,
    PendingCall pending,
    List<ToolCall> remainingCalls,
    boolean stopToolCalled,
    TerminalOutcome terminal,
    Usage usage,
    ParentRef parent,
    List<ChildEntry> children,
    Instant createdAt,
    Instant terminatedAt) {

  public ThreadState {
    queue = List.copyOf(queue);
    remainingCalls = List.copyOf(remainingCalls);
    children = List.copyOf(children);
  }

  /** The payload of a sessionStop (completed) or sessionFail (failed) call. */
  public record TerminalOutcome(boolean failed, String payloadJson) {}

  /** A child's link to its parent. {@code explicit}: completion is not reported automatically. */
  public record ParentRef(
      String parentThreadId,
      String subagentName,
      String childName,
      boolean resumable,
      boolean explicit) {}

  /**
   * One child in a parent's registry; {@code status} is running, completed, failed, terminated or a
   * reported status.
   */
  public record ChildEntry(
      String childThreadId, String name, String subagentName, boolean resumable, String status) {
    public boolean active() {
      return !status.equals("completed")
          && !status.equals("failed")
          && !status.equals("terminated");
    }
  }

  public static ThreadState created(
      String threadId, String tenantId, AgentSnapshot agent, Instant at) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        Status.IDLE,
        0,
        0,
        0,
        0,
        0,
        0,
        1,
        1,
        1,
        0,
        agent.group(),
        List.of(),
        null,
        List.of(),
        false,
        null,
        Usage.ZERO,
        null,
        List.of(),
        at,
        null);
  }

  public boolean isBusy() {
    return status == Status.RUNNING || status == Status.AWAITING_APPROVAL;
  }

  public ThreadState withStatus(Status s) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        s,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withEpoch(long e) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        e,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withTurn(int t, int s, Lane l) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        t,
        s,
        0,
        0,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        l,
        queue,
        pending,
        remainingCalls,
        false,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withStep(int s, long total) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        s,
        0,
        modelCalls,
        total,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withCallIndex(int i) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        i,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withModelCalls(int n) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        n,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withNextEventSeq(long n) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        n,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withNextMessageSeq(long n) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        n,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withContext(long startSeq, long tokens) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        startSeq,
        tokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withQueue(List<Queued> q) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        q,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withPending(PendingCall p) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        p,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withRemainingCalls(List<ToolCall> calls) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        calls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withStopToolCalled(boolean b) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        b,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withTerminal(TerminalOutcome t) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        t,
        usage,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withUsage(Usage u) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        u,
        parent,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withParent(ParentRef p) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        p,
        children,
        createdAt,
        terminatedAt);
  }

  public ThreadState withChildren(List<ChildEntry> c) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        c,
        createdAt,
        terminatedAt);
  }

  public ThreadState withTerminatedAt(Instant at) {
    return new ThreadState(
        threadId,
        tenantId,
        agent,
        status,
        epoch,
        turn,
        step,
        callIndex,
        modelCalls,
        totalSteps,
        nextEventSeq,
        nextMessageSeq,
        contextStartSeq,
        contextTokens,
        lane,
        queue,
        pending,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        parent,
        children,
        createdAt,
        at);
  }
}
