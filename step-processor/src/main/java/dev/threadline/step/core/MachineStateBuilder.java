package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.MachineState.TerminalOutcome;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.Usage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The fields of a thread's state that change, for {@link MachineState#with}; identity is fixed.
 * Only the machine's {@code Decision} edits a state this way, inside its facts ({@code
 * CoreLayoutTest}).
 */
public final class MachineStateBuilder {
  private final MachineState from;

  /** Changed only by a handoff (which also writes the new snapshot to the agent store). */
  public AgentSnapshot agent;

  public Status status;
  public long epoch;
  public int turn;
  public int step;
  public int callIndex;
  public int modelCalls;
  public long totalSteps;
  public long nextEventSeq;
  public long nextMessageSeq;
  public long contextStartSeq;
  public long contextTokens;
  public long contextBytes;
  public Lane lane;
  public List<Queued> queue;
  public Awaiting awaiting;
  public List<ToolCall> remainingCalls;
  public boolean stopToolCalled;
  public TerminalOutcome terminal;
  public Usage usage;
  public ChildRegistry children;
  public int subagentBudget;
  public int spawnsThisTurn;
  public boolean immediateStarted;
  public long lastReplySeq;
  public Instant terminatedAt;
  public Map<String, Env.Value> env;
  public List<DeferredSubagent> deferred;
  public CallBudget callBudget;
  public Instant deletedAt;
  public String turnSender;
  public MachineState.ForkSeeding forkSeeding;
  public boolean promptTaken;
  public BehaviorWindow behaviors;

  MachineStateBuilder(MachineState s) {
    from = s;
    agent = s.agent();
    status = s.status();
    epoch = s.epoch();
    turn = s.turn();
    step = s.step();
    callIndex = s.callIndex();
    modelCalls = s.modelCalls();
    totalSteps = s.totalSteps();
    nextEventSeq = s.nextEventSeq();
    nextMessageSeq = s.nextMessageSeq();
    contextStartSeq = s.contextStartSeq();
    contextTokens = s.contextTokens();
    contextBytes = s.contextBytes();
    lane = s.lane();
    queue = s.queue();
    awaiting = s.awaiting();
    remainingCalls = s.remainingCalls();
    stopToolCalled = s.stopToolCalled();
    terminal = s.terminal();
    usage = s.usage();
    children = s.children();
    subagentBudget = s.subagentBudget();
    spawnsThisTurn = s.spawnsThisTurn();
    immediateStarted = s.immediateStarted();
    lastReplySeq = s.lastReplySeq();
    terminatedAt = s.terminatedAt();
    env = s.env();
    deferred = s.deferred();
    callBudget = s.callBudget();
    deletedAt = s.deletedAt();
    turnSender = s.turnSender();
    forkSeeding = s.forkSeeding();
    promptTaken = s.promptTaken();
    behaviors = s.behaviors();
  }

  MachineState build() {
    return new MachineState(
        from.threadId(),
        from.tenantId(),
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
        contextBytes,
        lane,
        queue,
        awaiting,
        remainingCalls,
        stopToolCalled,
        terminal,
        usage,
        from.parent(),
        children,
        subagentBudget,
        spawnsThisTurn,
        immediateStarted,
        lastReplySeq,
        from.createdAt(),
        terminatedAt,
        env,
        deferred,
        callBudget,
        deletedAt,
        turnSender,
        forkSeeding,
        promptTaken,
        behaviors);
  }
}
