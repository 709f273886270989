package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.Usage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Everything the state machine knows about one thread, except message bodies (those live in the
 * append-only message store; the state holds only sequence counters), so its size does not grow
 * with the thread's length.
 *
 * <p>Changed in two ways only: a named transition that says what it resets ({@link #nextTurn},
 * {@link #nextStep}, {@link #fenced}), or {@link #with} for fields that change alone.
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
 * @param contextBytes bytes of the active window ({@link Sizes}): a model request must fit in one
 *     record whatever its tokens
 * @param lane the thread group (lane) of the current turn's model requests
 * @param queue durable FIFO of work that arrived while busy
 * @param awaiting the call in flight, or null
 * @param remainingCalls tool calls of the current step not yet started, in model order
 * @param stopToolCalled the agent's stopTool was called in this step
 * @param terminal set by sessionStop / sessionFail in this step
 * @param parent set on a child thread: the parent it reports to
 * @param children the child registry of a parent thread
 * @param subagentBudget how many more live subagents (children, theirs, and so on) this thread may
 *     have: a root starts with {@code threadline.limits.subagents.per.root}, a child with what its
 *     parent granted it; negative in a state from before budgets (then the root limit applies)
 * @param spawnsThisTurn subagents started in the current turn
 * @param immediateStarted the agent's immediate subagents were started, with the first prompt
 * @param lastReplySeq the current turn's last assistant message with text, 0 when none yet: what a
 *     child reports when its turn ends (the seq, never the text)
 * @param deferred subagents held back for missing variables, until their request is completed
 * @param callBudget the model calls of the thread's current budget hour
 * @param deletedAt when the thread was deleted (null: it was not): the state is its tombstone, and
 *     the thread takes no more input
 * @param turnSender who sent the message that started the current turn, as the message says (null:
 *     no message did, or the turn started otherwise)
 * @param forkSeeding while the thread, a fork, waits for what its fork copies into it (null: it
 *     does not): it takes no other command until then
 * @param promptTaken the current turn took a queued prompt (an agent that takes one a turn takes no
 *     other until the next)
 * @param behaviors what the current turn did that its agent's behaviours watch, and which fired
 */
public record MachineState(
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
    long contextBytes,
    Lane lane,
    List<Queued> queue,
    Awaiting awaiting,
    List<ToolCall> remainingCalls,
    boolean stopToolCalled,
    TerminalOutcome terminal,
    Usage usage,
    ParentRef parent,
    ChildRegistry children,
    int subagentBudget,
    int spawnsThisTurn,
    boolean immediateStarted,
    long lastReplySeq,
    Instant createdAt,
    Instant terminatedAt,
    Map<String, Env.Value> env,
    List<DeferredSubagent> deferred,
    CallBudget callBudget,
    Instant deletedAt,
    String turnSender,
    ForkSeeding forkSeeding,
    boolean promptTaken,
    BehaviorWindow behaviors) {

  public MachineState {
    deferred = List.copyOf(deferred);
    env = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(env));
    queue = List.copyOf(queue);
    remainingCalls = List.copyOf(remainingCalls);
  }

  /** A fork's new thread until its last seed: where from, how many seeds left, what it took. */
  public record ForkSeeding(
      String fromThreadId, long atSeq, int seedsLeft, int copied, int values) {}

  /** The payload of a sessionStop (completed) or sessionFail (failed) call. */
  public record TerminalOutcome(boolean failed, String payloadJson) {}

  /**
   * A new thread's state.
   *
   * @param subagentBudget how many live subagents its tree may have (a root's is the operator's
   *     limit; a child's, what its parent granted it)
   */
  public static MachineState created(
      String threadId,
      String tenantId,
      AgentSnapshot agent,
      ParentRef parent,
      Instant at,
      int subagentBudget) {
    return new MachineState(
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
        0,
        agent.lane(),
        List.of(),
        null,
        List.of(),
        false,
        null,
        Usage.ZERO,
        parent,
        ChildRegistry.EMPTY,
        subagentBudget,
        0,
        false,
        0,
        at,
        null,
        Map.of(),
        List.of(),
        CallBudget.NONE,
        null,
        null,
        null,
        false,
        BehaviorWindow.EMPTY);
  }

  public boolean isBusy() {
    return status == Status.RUNNING || status == Status.AWAITING_APPROVAL;
  }

  /** A copy with the fields {@code edit} sets; every other field as it is. */
  public MachineState with(Consumer<MachineStateBuilder> edit) {
    MachineStateBuilder b = new MachineStateBuilder(this);
    edit.accept(b);
    return b.build();
  }

  /**
   * The next turn, on {@code lane}: the turn number goes up; step, call index and the turn's model
   * calls start from 0; no stop-tool call, terminal outcome or last reply carries over.
   */
  public MachineState nextTurn(Lane lane) {
    return with(
        b -> {
          b.turn = turn + 1;
          b.step = 0;
          b.callIndex = 0;
          b.modelCalls = 0;
          b.lane = lane;
          b.stopToolCalled = false;
          b.terminal = null;
          b.lastReplySeq = 0;
          b.spawnsThisTurn = 0;
          b.promptTaken = false;
          b.behaviors = BehaviorWindow.EMPTY;
        });
  }

  /** The next step of the turn: step and total steps go up; the call index starts from 0. */
  public MachineState nextStep() {
    return with(
        b -> {
          b.step = step + 1;
          b.totalSteps = totalSteps + 1;
          b.callIndex = 0;
        });
  }

  /**
   * Message {@code seq} persisted: it is counted into the active window (tokens and bytes), and an
   * assistant message with text is the turn's last reply.
   */
  public MachineState appended(long seq, Values.Message message) {
    long tokens = Tokens.of(message, Tokens.counter(agent));
    long bytes = Sizes.of(message);
    boolean reply =
        message.role() == Enums.Role.ASSISTANT
            && message.content() != null
            && !message.content().isBlank();
    return with(
        b -> {
          b.nextMessageSeq = seq + 1;
          b.contextTokens += tokens;
          b.contextBytes += bytes;
          b.lastReplySeq = reply ? seq : b.lastReplySeq;
        });
  }

  /** The active window with {@code text} more in it (a message's new text). */
  public MachineState grown(String text) {
    long bytes = dev.threadline.config.Utf8.length(text);
    long tokens = Tokens.of(Values.Message.assistant(text, List.of()), Tokens.counter(agent));
    return with(
        b -> {
          b.contextTokens += tokens;
          b.contextBytes += bytes;
        });
  }

  /** A new active window, from the next message on (after a compaction). */
  public MachineState newWindow() {
    return with(
        b -> {
          b.contextStartSeq = nextMessageSeq;
          b.contextTokens = 0;
          b.contextBytes = 0;
        });
  }

  /** The tokens a model request on the active window counts: the window and the agent's part. */
  public long contextTokensWithOverhead() {
    return contextTokens + Tokens.overhead(agent);
  }

  /** The turn ended: nothing awaited, no calls left, no stop-tool call carried over. */
  public MachineState turnEnded() {
    return with(
        b -> {
          b.awaiting = null;
          b.remainingCalls = List.of();
          b.stopToolCalled = false;
        });
  }

  /**
   * The work in flight fenced off: a new epoch (late results of the old one are ignored), nothing
   * pending, no remaining tool calls, no stop-tool call.
   */
  public MachineState fenced() {
    return with(
        b -> {
          b.epoch = epoch + 1;
          b.awaiting = null;
          b.remainingCalls = List.of();
          b.stopToolCalled = false;
        });
  }
}
