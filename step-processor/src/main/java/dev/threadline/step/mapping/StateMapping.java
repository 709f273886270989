package dev.threadline.step.mapping;

import dev.threadline.avro.QueueTool;
import dev.threadline.avro.store.QueuedItem;
import dev.threadline.avro.store.QueuedKind;
import dev.threadline.avro.store.TerminalOutcome;
import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.CallBudget;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.ChildRegistry;
import dev.threadline.step.core.DeferredSubagent;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.core.Queued;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link MachineState} ↔ {@link ThreadStateValue}. The agent snapshot is stored apart (written
 * once, shared by the threads that froze the same agent) and joined back on load.
 */
public final class StateMapping {
  private StateMapping() {}

  /**
   * @param queue the thread's queued work, which the value names but does not hold (see the
   *     thread-queue store)
   */
  public static MachineState toCore(ThreadStateValue v, AgentSnapshot stored, List<Queued> queue) {
    return new MachineState(
        v.getThreadId(),
        v.getTenantId(),
        active(stored, v.getActiveAgent(), v.getSpeakingSide()),
        ValueMapping.status(v.getStatus()),
        v.getEpoch(),
        v.getTurn(),
        v.getStep(),
        v.getCallIndex(),
        v.getModelCalls(),
        v.getTotalSteps(),
        v.getNextEventSeq(),
        v.getNextMessageSeq(),
        v.getContextStartSeq(),
        v.getContextTokens(),
        v.getContextBytes(),
        ValueMapping.lane(v.getLane()),
        queue,
        AwaitingMapping.toCore(v.getPending(), v.getChildren()),
        ValueMapping.toolCalls(v.getRemainingCalls()),
        v.getStopToolCalled(),
        v.getTerminal() == null
            ? null
            : new MachineState.TerminalOutcome(
                v.getTerminal().getFailed(), v.getTerminal().getPayloadJson()),
        ValueMapping.usage(v.getUsage()),
        v.getParent() == null
            ? null
            : new ParentRef(
                v.getParent().getParentThreadId(),
                v.getParent().getSubagentName(),
                v.getParent().getChildName(),
                v.getParent().getResumable(),
                v.getParent().getExplicit(),
                v.getParent().getDepth(),
                v.getParent().getGranted()),
        new ChildRegistry(v.getChildren().stream().map(StateMapping::child).toList()),
        v.getSubagentBudget(),
        v.getSpawnsThisTurn(),
        v.getImmediateStarted(),
        v.getLastReplySeq(),
        v.getCreatedAt(),
        v.getTerminatedAt(),
        ValueMapping.env(v.getEnv()),
        v.getDeferred().stream()
            .map(
                d ->
                    new DeferredSubagent(
                        d.getRequestId(),
                        d.getSubagent(),
                        d.getChildName(),
                        d.getTask(),
                        ValueMapping.attachments(d.getAttachments()),
                        d.getRequestedAt()))
            .toList(),
        new CallBudget(v.getBudgetWindowStart(), v.getBudgetModelCalls(), v.getBudgetTokens()),
        v.getDeletedAt(),
        v.getTurnSender(),
        v.getForkSeeding() == null
            ? null
            : new MachineState.ForkSeeding(
                v.getForkSeeding().getFromThreadId(),
                v.getForkSeeding().getAtSeq(),
                v.getForkSeeding().getSeedsLeft(),
                v.getForkSeeding().getCopied(),
                v.getForkSeeding().getValues()),
        v.getPromptTaken(),
        new dev.threadline.step.core.BehaviorWindow(
            new java.util.TreeSet<>(v.getBehaviorsToolUsed()),
            new java.util.TreeSet<>(v.getBehaviorsFileWritten()),
            new java.util.TreeSet<>(v.getBehaviorsFired())));
  }

  /** The value without the queue: the shell puts the items in their store, their order here. */
  public static ThreadStateValue toAvro(MachineState s) {
    return ThreadStateValue.newBuilder()
        .setThreadId(s.threadId())
        .setTenantId(s.tenantId())
        .setAgentName(s.agent().name())
        .setActiveAgent(s.agent().name())
        .setSpeakingSide(DualAi.speaking(s.agent()))
        .setStatus(ValueMapping.status(s.status()))
        .setEpoch(s.epoch())
        .setTurn(s.turn())
        .setStep(s.step())
        .setCallIndex(s.callIndex())
        .setModelCalls(s.modelCalls())
        .setLane(ValueMapping.lane(s.lane()))
        .setTotalSteps(s.totalSteps())
        .setNextEventSeq(s.nextEventSeq())
        .setNextMessageSeq(s.nextMessageSeq())
        .setContextStartSeq(s.contextStartSeq())
        .setContextTokens(s.contextTokens())
        .setContextBytes(s.contextBytes())
        .setPending(AwaitingMapping.toAvro(s.awaiting()))
        .setRemainingCalls(ValueMapping.toolCallsToAvro(s.remainingCalls()))
        .setStopToolCalled(s.stopToolCalled())
        .setTerminal(
            s.terminal() == null
                ? null
                : new TerminalOutcome(s.terminal().failed(), s.terminal().payloadJson()))
        .setUsage(ValueMapping.usage(s.usage()))
        .setParent(
            s.parent() == null
                ? null
                : new dev.threadline.avro.store.ParentRef(
                    s.parent().parentThreadId(),
                    s.parent().subagentName(),
                    s.parent().childName(),
                    s.parent().resumable(),
                    s.parent().explicit(),
                    s.parent().depth(),
                    s.parent().granted()))
        .setChildren(
            new ArrayList<>(s.children().entries().stream().map(StateMapping::child).toList()))
        .setSubagentBudget(s.subagentBudget())
        .setSpawnsThisTurn(s.spawnsThisTurn())
        .setImmediateStarted(s.immediateStarted())
        .setLastReplySeq(s.lastReplySeq())
        .setCreatedAt(s.createdAt())
        .setTerminatedAt(s.terminatedAt())
        .setEnv(ValueMapping.envToAvro(s.env()))
        .setDeferred(
            new ArrayList<>(
                s.deferred().stream()
                    .map(
                        d ->
                            new dev.threadline.avro.store.DeferredSubagent(
                                d.requestId(),
                                d.subagent(),
                                d.childName(),
                                d.task(),
                                ValueMapping.attachmentsToAvro(d.attachments()),
                                d.requestedAt()))
                    .toList()))
        .setBudgetWindowStart(s.callBudget().windowStart())
        .setBudgetModelCalls(s.callBudget().calls())
        .setBudgetTokens(s.callBudget().tokens())
        .setDeletedAt(s.deletedAt())
        .setTurnSender(s.turnSender())
        .setPromptTaken(s.promptTaken())
        .setBehaviorsToolUsed(new ArrayList<>(s.behaviors().toolUsed()))
        .setBehaviorsFileWritten(new ArrayList<>(s.behaviors().fileWritten()))
        .setBehaviorsFired(new ArrayList<>(s.behaviors().fired()))
        .setForkSeeding(
            s.forkSeeding() == null
                ? null
                : new dev.threadline.avro.store.ForkSeeding(
                    s.forkSeeding().fromThreadId(),
                    s.forkSeeding().atSeq(),
                    s.forkSeeding().seedsLeft(),
                    s.forkSeeding().copied(),
                    s.forkSeeding().values()))
        .build();
  }

  /**
   * The agent of a deleted thread's tombstone: its name only — the frozen snapshot was removed with
   * the rest of what the thread held, and a tombstone runs nothing.
   */
  public static AgentSnapshot deletedAgent(ThreadStateValue v) {
    return AgentSnapshot.of(
        v.getAgentName(),
        v.getTenantId(),
        new AgentSnapshot.ModelConfig("scripted", null, "{}"),
        "",
        new AgentSnapshot.StopRules(true, null, 1, null),
        dev.threadline.step.core.Enums.Lane.TASK,
        new AgentSnapshot.ContextBudget(null, null),
        v.getCreatedAt());
  }

  /**
   * The agent a thread runs: the snapshot its agent store keeps (frozen at creation, with the whole
   * team, written once) or the member of its team a handoff made active — with the side that
   * speaks, for a dual_ai agent. A value from before these fields names neither: the stored
   * snapshot is the agent then, as those versions wrote it at every change.
   */
  static AgentSnapshot active(AgentSnapshot stored, String activeAgent, String speakingSide) {
    AgentSnapshot agent =
        activeAgent == null || activeAgent.equals(stored.name())
            ? stored
            : stored.teamMember(activeAgent).orElse(stored);
    boolean switched =
        speakingSide != null
            && DualAi.isDualAi(agent)
            && !speakingSide.equals(DualAi.speaking(agent));
    return switched ? DualAi.switchSides(agent) : agent;
  }

  /** Queued work a value still holds itself, as values written before the thread-queue store. */
  public static List<Queued> legacyQueue(ThreadStateValue v) {
    return v.getQueue().stream().map(StateMapping::queued).toList();
  }

  public static Queued queued(QueuedItem q) {
    return switch (q.getKind()) {
      case MESSAGE, STEER ->
          new Queued.QueuedMessage(
              q.getCommandId(),
              ValueMapping.inbound(q.getMessage()),
              q.getKind() == QueuedKind.STEER,
              q.getQueuedAt());
      case TOOL ->
          new Queued.QueuedTool(
              q.getCommandId(),
              q.getTool().getName(),
              q.getTool().getArgumentsJson(),
              q.getQueuedAt());
    };
  }

  public static QueuedItem queued(Queued q) {
    return switch (q) {
      case Queued.QueuedMessage m ->
          QueuedItem.newBuilder()
              .setCommandId(m.commandId())
              .setKind(m.steer() ? QueuedKind.STEER : QueuedKind.MESSAGE)
              .setMessage(ValueMapping.inbound(m.message()))
              .setQueuedAt(m.queuedAt())
              .build();
      case Queued.QueuedTool t ->
          QueuedItem.newBuilder()
              .setCommandId(t.commandId())
              .setKind(QueuedKind.TOOL)
              .setTool(new QueueTool(t.name(), t.argumentsJson()))
              .setQueuedAt(t.queuedAt())
              .build();
    };
  }

  private static ChildEntry child(dev.threadline.avro.store.ChildEntry c) {
    return new ChildEntry(
        c.getChildThreadId(),
        c.getName(),
        c.getSubagentName(),
        c.getResumable(),
        Enums.Wire.parse(ChildStatus.class, c.getStatus()),
        c.getSessionStatus(),
        c.getGranted(),
        c.getWaitingRequestId());
  }

  private static dev.threadline.avro.store.ChildEntry child(ChildEntry c) {
    return new dev.threadline.avro.store.ChildEntry(
        c.childThreadId(),
        c.name(),
        c.subagentName(),
        c.resumable(),
        c.status().wire(),
        c.sessionStatus(),
        c.granted(),
        c.waitingRequestId());
  }
}
