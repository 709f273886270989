package dev.threadline.step.mapping;

import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.MessageQueued;
import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.ModelCallFailed;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.ResultIgnored;
import dev.threadline.avro.StatusReported;
import dev.threadline.avro.StepRetried;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatusChanged;
import dev.threadline.avro.ThreadTerminated;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.ToolCallRequested;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.TurnStarted;
import dev.threadline.avro.ValueChanged;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.QueuedKind;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Enums.Wire;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event;
import java.util.ArrayList;
import java.util.TreeMap;

/** Core {@link Event} ↔ the public {@link ThreadEvent}. */
public final class EventMapping {
  private EventMapping() {}

  public static ThreadEvent toAvro(String threadId, String tenantId, Event e) {
    return ThreadEvent.newBuilder()
        .setThreadId(threadId)
        .setTenantId(tenantId)
        .setSeq(e.seq())
        .setTurn(e.turn())
        .setStep(e.step())
        .setEpoch(e.epoch())
        .setTimestamp(e.at())
        .setPayload(payload(e.payload()))
        .build();
  }

  public static Event toCore(ThreadEvent e) {
    return new Event(
        e.getSeq(),
        e.getTurn(),
        e.getStep(),
        e.getEpoch(),
        e.getTimestamp(),
        payload(e.getPayload()));
  }

  /** The record name of a payload, e.g. {@code TurnCompleted}: the event type for consumers. */
  public static String type(ThreadEvent e) {
    return e.getPayload().getClass().getSimpleName();
  }

  static Object payload(Event.Payload p) {
    return switch (p) {
      case Event.ThreadCreated c ->
          new ThreadCreated(
              c.agentName(), c.parentThreadId(), c.childName(), new TreeMap<>(c.metadata()));
      case Event.TurnStarted t -> new TurnStarted(t.trigger().wire(), ValueMapping.lane(t.lane()));
      case Event.MessageAppended m ->
          new MessageAppended(m.messageSeq(), ValueMapping.message(m.message()), m.commandId());
      case Event.MessageUpdated u ->
          new dev.threadline.avro.MessageUpdated(u.messageSeq(), u.content());
      case Event.MessageQueued q ->
          new MessageQueued(q.kind().wire(), q.queueLength(), q.commandId(), q.joined());
      case Event.ModelCallRequested r ->
          new ModelCallRequested(
              r.requestId(),
              r.attempt(),
              r.provider(),
              r.model(),
              ValueMapping.lane(r.lane()),
              r.messageCount(),
              r.deadline(),
              r.subprompt());
      case Event.ModelCallCompleted c ->
          new ModelCallCompleted(
              c.requestId(),
              ValueMapping.usage(c.usage()),
              c.finishReason(),
              c.toolCallCount(),
              c.durationMs());
      case Event.ModelCallFailed f ->
          new ModelCallFailed(f.requestId(), f.code(), f.message(), f.retryable(), f.willRetry());
      case Event.ToolCallRequested r ->
          new ToolCallRequested(
              r.requestId(), r.callId(), r.toolName(), r.argumentsJson(), r.runtime());
      case Event.ToolCallCompleted c ->
          new ToolCallCompleted(c.requestId(), c.callId(), c.toolName(), c.durationMs(), c.error());
      case Event.TurnCompleted t -> new TurnCompleted(t.reason().wire(), t.steps());
      case Event.StatusChanged s ->
          new ThreadStatusChanged(ValueMapping.status(s.from()), ValueMapping.status(s.to()));
      case Event.StepRetried r ->
          new StepRetried(r.requestId(), r.attempt(), r.reason(), r.model(), r.awaiting());
      case Event.BudgetReached b ->
          new dev.threadline.avro.BudgetReached(
              b.requestId(), b.budget(), b.limit(), b.used(), b.resumesAt());
      case Event.ResultIgnored r -> new ResultIgnored(r.requestId(), r.resultEpoch(), r.reason());
      case Event.CommandRejected r ->
          new CommandRejected(r.commandId(), r.commandType(), r.reason());
      case Event.ThreadTerminated t -> new ThreadTerminated(t.reason());
      case Event.ThreadDeleted t -> new dev.threadline.avro.ThreadDeleted(t.reason());
      case Event.StatusReported s -> new StatusReported(s.status(), s.detailJson());
      case Event.SubagentCreated c ->
          new dev.threadline.avro.SubagentCreated(
              c.childThreadId(), c.name(), c.subagentName(), c.agentName(), c.blocking());
      case Event.SubagentMessaged m ->
          new dev.threadline.avro.SubagentMessaged(m.childThreadId(), m.name(), m.attachments());
      case Event.HookFailed h ->
          new dev.threadline.avro.HookFailed(h.requestId(), h.hook(), h.function(), h.message());
      case Event.ChildStatusUpdated c ->
          new dev.threadline.avro.ChildStatusUpdated(
              c.childThreadId(), c.kind().wire(), c.status());
      case Event.CompactionStarted c ->
          new dev.threadline.avro.CompactionStarted(
              c.requestId(), c.trigger().wire(), c.tokensBefore());
      case Event.CompactionCompleted c ->
          new dev.threadline.avro.CompactionCompleted(
              c.tokensBefore(), c.tokensAfter(), c.byRule());
      case Event.ValueChanged v -> new ValueChanged(v.key(), v.valueJson());
      case Event.CustomEvent c -> new dev.threadline.avro.CustomEvent(c.name(), c.dataJson());
      case Event.EnvChanged e ->
          new dev.threadline.avro.EnvChanged(e.name(), e.secret(), e.value(), e.removed());
      case Event.AgentHandedOff h ->
          new dev.threadline.avro.AgentHandedOff(h.fromAgent(), h.toAgent());
      case Event.SubagentVariablesRequired r ->
          new dev.threadline.avro.SubagentVariablesRequired(
              r.requestId(),
              r.subagent(),
              r.agent(),
              r.childName(),
              new ArrayList<>(
                  r.variables().stream()
                      .map(
                          v ->
                              new dev.threadline.avro.MissingVariable(
                                  v.name(), v.secret(), v.description()))
                      .toList()));
      case Event.SubagentVariablesProvided v ->
          new dev.threadline.avro.SubagentVariablesProvided(v.requestId(), v.childThreadId());
      case Event.EffectScheduled e ->
          new dev.threadline.avro.EffectScheduled(
              e.effectId(), e.fireAt(), e.kind(), EffectMapping.recurrence(e.recurrence()));
      case Event.EffectCancelled e -> new dev.threadline.avro.EffectCancelled(e.effectId());
      case Event.EffectFired e ->
          new dev.threadline.avro.EffectFired(e.effectId(), e.startedThreadId());
      case Event.ApprovalRequested a ->
          new dev.threadline.avro.ApprovalRequested(
              a.requestId(), a.callId(), a.toolName(), a.argumentsJson());
      case Event.ApprovalDecided a ->
          new dev.threadline.avro.ApprovalDecided(
              a.callId(), a.approved(), a.reason(), a.commandId(), a.argumentsJson());
      case Event.ThreadBranched b ->
          new dev.threadline.avro.ThreadBranched(
              b.atMessageSeq(), b.firstMessageSeq(), b.copied(), b.commandId());
      case Event.ThreadForked f ->
          new dev.threadline.avro.ThreadForked(
              f.toThreadId(), f.atSeq(), f.atMessageSeq(), f.copied(), f.commandId());
      case Event.ForkSeeded f ->
          new dev.threadline.avro.ForkSeeded(f.fromThreadId(), f.atSeq(), f.copied(), f.values());
      case Event.RunDeleted r -> new dev.threadline.avro.RunDeleted(r.runId(), r.commandId());
      case Event.MetadataChanged m ->
          new dev.threadline.avro.MetadataChanged(
              new java.util.TreeMap<>(m.changes()), m.commandId());
    };
  }

  static Event.Payload payload(Object p) {
    return switch (p) {
      case ThreadCreated c ->
          new Event.ThreadCreated(
              c.getAgentName(), c.getParentThreadId(), c.getChildName(), c.getMetadata());
      case TurnStarted t ->
          new Event.TurnStarted(
              Wire.parse(Trigger.class, t.getTrigger()), ValueMapping.lane(t.getGroup()));
      case MessageAppended m ->
          new Event.MessageAppended(
              m.getMessageSeq(), ValueMapping.message(m.getMessage()), m.getCommandId());
      case dev.threadline.avro.MessageUpdated u ->
          new Event.MessageUpdated(u.getMessageSeq(), u.getContent());
      case MessageQueued q ->
          new Event.MessageQueued(
              Wire.parse(QueuedKind.class, q.getKind()),
              q.getQueueLength(),
              q.getCommandId(),
              q.getJoined());
      case ModelCallRequested r ->
          new Event.ModelCallRequested(
              r.getRequestId(),
              r.getAttempt(),
              r.getProvider(),
              r.getModel(),
              ValueMapping.lane(r.getGroup()),
              r.getMessageCount(),
              r.getDeadline(),
              r.getSubprompt());
      case ModelCallCompleted c ->
          new Event.ModelCallCompleted(
              c.getRequestId(),
              ValueMapping.usage(c.getUsage()),
              c.getFinishReason(),
              c.getToolCallCount(),
              c.getDurationMs());
      case ModelCallFailed f ->
          new Event.ModelCallFailed(
              f.getRequestId(), f.getCode(), f.getMessage(), f.getRetryable(), f.getWillRetry());
      case ToolCallRequested r ->
          new Event.ToolCallRequested(
              r.getRequestId(),
              r.getCallId(),
              r.getToolName(),
              r.getArgumentsJson(),
              r.getRuntime());
      case ToolCallCompleted c ->
          new Event.ToolCallCompleted(
              c.getRequestId(), c.getCallId(), c.getToolName(), c.getDurationMs(), c.getError());
      case TurnCompleted t ->
          new Event.TurnCompleted(Wire.parse(TurnEnd.class, t.getReason()), t.getSteps());
      case ThreadStatusChanged s ->
          new Event.StatusChanged(ValueMapping.status(s.getFrom()), ValueMapping.status(s.getTo()));
      case StepRetried r ->
          new Event.StepRetried(
              r.getRequestId(), r.getAttempt(), r.getReason(), r.getModel(), r.getAwaiting());
      case dev.threadline.avro.BudgetReached b ->
          new Event.BudgetReached(
              b.getRequestId(), b.getBudget(), b.getLimit(), b.getUsed(), b.getResumesAt());
      case ResultIgnored r ->
          new Event.ResultIgnored(r.getRequestId(), r.getResultEpoch(), r.getReason());
      case CommandRejected r ->
          new Event.CommandRejected(r.getCommandId(), r.getCommandType(), r.getReason());
      case ThreadTerminated t -> new Event.ThreadTerminated(t.getReason());
      case dev.threadline.avro.ThreadDeleted t -> new Event.ThreadDeleted(t.getReason());
      case StatusReported s -> new Event.StatusReported(s.getStatus(), s.getDetailJson());
      case dev.threadline.avro.SubagentCreated c ->
          new Event.SubagentCreated(
              c.getChildThreadId(),
              c.getName(),
              c.getSubagentName(),
              c.getAgentName(),
              c.getBlocking());
      case dev.threadline.avro.SubagentMessaged m ->
          new Event.SubagentMessaged(m.getChildThreadId(), m.getName(), m.getAttachments());
      case dev.threadline.avro.HookFailed h ->
          new Event.HookFailed(h.getRequestId(), h.getHook(), h.getFunction(), h.getMessage());
      case dev.threadline.avro.ChildStatusUpdated c ->
          new Event.ChildStatusUpdated(
              c.getChildThreadId(), Wire.parse(ChildReport.class, c.getKind()), c.getStatus());
      case dev.threadline.avro.CompactionStarted c ->
          new Event.CompactionStarted(
              c.getRequestId(),
              Wire.parse(CompactionTrigger.class, c.getTrigger()),
              c.getTokensBefore());
      case dev.threadline.avro.CompactionCompleted c ->
          new Event.CompactionCompleted(c.getTokensBefore(), c.getTokensAfter(), c.getHeuristic());
      case ValueChanged v -> new Event.ValueChanged(v.getKey(), v.getValueJson());
      case dev.threadline.avro.CustomEvent c -> new Event.CustomEvent(c.getName(), c.getDataJson());
      case dev.threadline.avro.EnvChanged e ->
          new Event.EnvChanged(e.getName(), e.getSecret(), e.getValue(), e.getRemoved());
      case dev.threadline.avro.AgentHandedOff h ->
          new Event.AgentHandedOff(h.getFromAgent(), h.getToAgent());
      case dev.threadline.avro.SubagentVariablesRequired r ->
          new Event.SubagentVariablesRequired(
              r.getRequestId(),
              r.getSubagent(),
              r.getAgent(),
              r.getChildName(),
              r.getVariables().stream()
                  .map(v -> new Env.Variable(v.getName(), v.getSecret(), true, v.getDescription()))
                  .toList());
      case dev.threadline.avro.SubagentVariablesProvided v ->
          new Event.SubagentVariablesProvided(v.getRequestId(), v.getChildThreadId());
      case dev.threadline.avro.EffectScheduled e ->
          new Event.EffectScheduled(
              e.getEffectId(),
              e.getFireAt(),
              e.getKind(),
              EffectMapping.recurrence(e.getRecurrence()));
      case dev.threadline.avro.EffectCancelled e -> new Event.EffectCancelled(e.getEffectId());
      case dev.threadline.avro.EffectFired e ->
          new Event.EffectFired(e.getEffectId(), e.getStartedThreadId());
      case dev.threadline.avro.ApprovalRequested a ->
          new Event.ApprovalRequested(
              a.getRequestId(), a.getCallId(), a.getToolName(), a.getArgumentsJson());
      case dev.threadline.avro.ApprovalDecided a ->
          new Event.ApprovalDecided(
              a.getCallId(),
              a.getApproved(),
              a.getReason(),
              a.getCommandId(),
              a.getArgumentsJson());
      case dev.threadline.avro.ThreadBranched b ->
          new Event.ThreadBranched(
              b.getAtMessageSeq(), b.getFirstMessageSeq(), b.getCopied(), b.getCommandId());
      case dev.threadline.avro.ThreadForked f ->
          new Event.ThreadForked(
              f.getToThreadId(),
              f.getAtSeq(),
              f.getAtMessageSeq(),
              f.getCopied(),
              f.getCommandId());
      case dev.threadline.avro.ForkSeeded f ->
          new Event.ForkSeeded(f.getFromThreadId(), f.getAtSeq(), f.getCopied(), f.getValues());
      case dev.threadline.avro.MetadataChanged m ->
          new Event.MetadataChanged(new java.util.TreeMap<>(m.getMetadata()), m.getCommandId());
      case dev.threadline.avro.RunDeleted r -> new Event.RunDeleted(r.getRunId(), r.getCommandId());
      default ->
          throw new IllegalArgumentException("unknown event payload " + p.getClass().getName());
    };
  }
}
