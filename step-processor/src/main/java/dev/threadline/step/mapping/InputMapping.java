package dev.threadline.step.mapping;

import dev.threadline.agents.AgentTeam;
import dev.threadline.agents.ToolWriteKind;
import dev.threadline.avro.Abort;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ApprovalDecision;
import dev.threadline.avro.Branch;
import dev.threadline.avro.CancelEffect;
import dev.threadline.avro.ChildUpdate;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.ModelError;
import dev.threadline.avro.ModelResponse;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.QueueTool;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.Steer;
import dev.threadline.avro.SubagentMessage;
import dev.threadline.avro.Terminate;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.UserMessage;
import dev.threadline.keys.AgentKeys;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.DualAi;
import dev.threadline.step.core.Enums;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Forks;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Side;
import dev.threadline.step.core.Values;
import dev.threadline.topics.ContextDigest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Records on the input topics → core {@link Input}s (the way back, for tests, is their fixture
 * {@code InputRecords}). Every input gets the processing time {@code at}, so the core never reads a
 * clock.
 */
public final class InputMapping {
  private InputMapping() {}

  /** For commands that need no store lookups beyond agents (no effect is known to be scheduled). */
  public static Input fromCommand(
      ThreadCommand c, Instant at, Function<String, AgentDefinition> agents) {
    return fromCommand(c, at, agents, ThreadTimers.NONE);
  }

  /**
   * @param agents looks up the current agent definition by {@link AgentKeys#of}, or null
   * @param timers what the thread's timer store holds
   */
  public static Input fromCommand(
      ThreadCommand c, Instant at, Function<String, AgentDefinition> agents, ThreadTimers timers) {
    String id = c.getCommandId();
    String tenant = c.getTenantId();
    return switch (c.getPayload()) {
      case CreateThread create -> {
        // The snapshot the command carries (the ingest service's, a parent's for its child), or
        // the current definition; frozen with the agents its subagents run, unless it already is.
        AgentDefinition definition =
            create.getAgent() != null
                ? create.getAgent()
                : agents.apply(AgentKeys.of(tenant, create.getAgentName()));
        AgentSnapshot agent =
            definition == null
                ? null
                : AgentMapping.toCore(
                    AgentTeam.freeze(definition, name -> agents.apply(AgentKeys.of(tenant, name))));
        if (agent != null && !tenant.equals(agent.tenantId())) {
          agent = null; // another tenant's agent is unknown to this one
        }
        yield new Input.CreateThread(
            id,
            tenant,
            c.getThreadId(),
            at,
            create.getAgentName(),
            agent,
            create.getMessage() == null ? null : ValueMapping.inbound(create.getMessage()),
            create.getMetadata(),
            ValueMapping.parentRef(create.getParent()),
            ValueMapping.env(create.getEnv()));
      }
      case dev.threadline.avro.SetEnv e ->
          new Input.SetEnv(
              id,
              tenant,
              at,
              e.getName(),
              e.getValue() == null ? null : ValueMapping.env(e.getValue()));
      case dev.threadline.avro.ProvideVariables v ->
          new Input.ProvideVariables(
              id, tenant, at, v.getRequestId(), ValueMapping.env(v.getEnv()));
      case UserMessage m ->
          new Input.SendMessage(id, tenant, at, ValueMapping.inbound(m), Delivery.AUTO);
      case QueueMessage q ->
          new Input.SendMessage(
              id, tenant, at, ValueMapping.inbound(q.getMessage()), Delivery.QUEUE);
      case Steer s ->
          new Input.SendMessage(
              id, tenant, at, ValueMapping.inbound(s.getMessage()), Delivery.STEER);
      case QueueTool t -> new Input.QueueTool(id, tenant, at, t.getName(), t.getArgumentsJson());
      case Abort a -> new Input.Abort(id, tenant, at, a.getReason());
      case ScheduleEffect e ->
          new Input.ScheduleEffect(
              id,
              tenant,
              at,
              e.getEffectId(),
              e.getFireAt(),
              EffectMapping.action(e.getEffectId(), e.getFireAt(), e.getAction()),
              EffectMapping.recurrence(e.getRecurrence()),
              timers.others(e.getEffectId()));
      case CancelEffect e ->
          new Input.CancelEffect(
              id, tenant, at, e.getEffectId(), timers.scheduled(e.getEffectId()));
      case dev.threadline.avro.Compact k -> new Input.Compact(id, tenant, at, k.getReason());
      case dev.threadline.avro.SetValue v ->
          new Input.SetValue(id, tenant, at, v.getKey(), v.getValueJson());
      case dev.threadline.avro.AppendMessages a ->
          new Input.AppendMessages(
              id, tenant, at, a.getMessages().stream().map(InputMapping::appended).toList());
      case dev.threadline.avro.SetMetadata m ->
          new Input.SetMetadata(id, tenant, at, new java.util.TreeMap<>(m.getMetadata()));
      case dev.threadline.avro.DeleteRun r -> new Input.DeleteRun(id, tenant, at, r.getRunId());
      case ChildUpdate u ->
          new Input.ChildUpdate(
              id,
              tenant,
              at,
              u.getChildThreadId(),
              ChildReport.valueOf(u.getKind().name()),
              u.getStatus() == null
                  ? ChildReport.valueOf(u.getKind().name()).wire()
                  : u.getStatus(),
              u.getPayloadJson() != null ? u.getPayloadJson() : u.getContent(),
              ValueMapping.attachments(u.getAttachments()));
      case SubagentMessage m ->
          new Input.SendMessage(
              id,
              tenant,
              at,
              new dev.threadline.step.core.Values.InboundMessage(
                  dev.threadline.step.core.Enums.Origin.INVOKE,
                  null,
                  dev.threadline.step.core.MessageRules.parent(m.getParentThreadId()),
                  m.getText(),
                  m.getAsSideB()
                      ? Map.of("parentThreadId", m.getParentThreadId(), DualAi.AS, Side.B)
                      : Map.of("parentThreadId", m.getParentThreadId()),
                  ValueMapping.attachments(m.getAttachments())),
              Delivery.AUTO);
      case ApprovalDecision a ->
          new Input.ApprovalDecision(
              id,
              tenant,
              at,
              a.getCallId(),
              a.getApprove(),
              a.getReason(),
              a.getRequestId(),
              a.getEpoch(),
              a.getArgumentsJson());
      case Terminate t -> new Input.Terminate(id, tenant, at, t.getReason());
      case dev.threadline.avro.DeleteThread t ->
          new Input.DeleteThread(id, tenant, at, t.getReason());
      case Branch b ->
          new Input.Branch(
              id,
              tenant,
              at,
              b.getAtMessageSeq(),
              b.getMessage() == null ? null : ValueMapping.inbound(b.getMessage()),
              List.of());
      case dev.threadline.avro.Fork f ->
          new Input.Fork(
              id,
              tenant,
              at,
              new Forks.Point(
                  f.getNewThreadId(),
                  f.getAtSeq(),
                  f.getFromMessageSeq(),
                  f.getAtMessageSeq(),
                  f.getValuesChanged()),
              Forks.Copy.NONE);
      case dev.threadline.avro.CreateFork f ->
          new Input.CreateFork(
              id,
              tenant,
              c.getThreadId(),
              at,
              new Forks.Birth(
                  f.getAgentName(),
                  AgentMapping.toCore(f.getAgent()),
                  f.getMetadata(),
                  ValueMapping.env(f.getEnv()),
                  f.getFromThreadId(),
                  f.getAtSeq(),
                  f.getSeeds()));
      case dev.threadline.avro.ForkSeed f ->
          new Input.ForkSeed(
              id,
              tenant,
              at,
              new Forks.Seed(
                  f.getFromThreadId(),
                  f.getIndex(),
                  f.getMessages().stream().map(ValueMapping::message).toList(),
                  f.getValues()));
      default -> new Input.Unsupported(id, tenant, at, c.getPayload().getClass().getSimpleName());
    };
  }

  /**
   * A model's answer or error; the executor's {@code context_missing} error is no model error but
   * {@link Input.ContextMissing}.
   */
  public static Input fromModelResult(ModelResult r, Instant at) {
    if (r.getOutcome() instanceof ModelError err && ContextDigest.MISSING.equals(err.getCode())) {
      return new Input.ContextMissing(r.getRequestId(), r.getEpoch(), at);
    }
    Input.ModelOutcome outcome =
        switch (r.getOutcome()) {
          case ModelResponse ok ->
              new Input.ModelReply(
                  ok.getText(),
                  ValueMapping.toolCalls(ok.getToolCalls()),
                  ValueMapping.usage(ok.getUsage()),
                  ok.getFinishReason(),
                  ok.getProviderItemsJson());
          case ModelError err ->
              new Input.ModelFailure(
                  err.getCode(),
                  err.getMessage(),
                  err.getRetryable(),
                  err.getRetryAfterMillis() == null
                      ? null
                      : java.time.Duration.ofMillis(err.getRetryAfterMillis()));
          default ->
              throw new IllegalArgumentException(
                  "unknown model outcome " + r.getOutcome().getClass().getName());
        };
    return new Input.ModelResultReceived(
        r.getRequestId(), r.getEpoch(), at, outcome, hookFailures(r.getHookFailures()));
  }

  private static List<dev.threadline.step.core.Values.HookFailure> hookFailures(
      List<dev.threadline.avro.HookFailure> avro) {
    return avro.stream()
        .map(
            f ->
                new dev.threadline.step.core.Values.HookFailure(
                    f.getHook(), f.getFunction(), f.getMessage()))
        .toList();
  }

  public static Input.ToolResultReceived fromToolResult(ToolResult r, Instant at) {
    return fromToolResult(r, at, ThreadTimers.NONE);
  }

  /**
   * The result as the machine's input, its ThreadState writes with what the shell knows of the
   * thread's timers: how many other effects it holds, and whether one to remove is held.
   */
  public static Input.ToolResultReceived fromToolResult(
      ToolResult r, Instant at, ThreadTimers timers) {
    String error =
        r.getError() == null ? null : r.getError().getCode() + ": " + r.getError().getMessage();
    return new Input.ToolResultReceived(
        r.getRequestId(),
        r.getEpoch(),
        at,
        r.getOutput(),
        error,
        r.getDurationMs(),
        r.getEffects().stream()
            .map(
                e -> {
                  ToolWriteKind kind = ToolWriteKind.of(e.getKind());
                  String effectId =
                      kind != null && kind.touchesTimers() ? effectId(e.getContent()) : null;
                  return new dev.threadline.step.core.Values.ToolEffect(
                      e.getKind(),
                      e.getContent(),
                      ValueMapping.attachments(e.getAttachments()),
                      effectId == null ? 0 : timers.others(effectId),
                      effectId != null && timers.scheduled(effectId));
                })
            .toList(),
        hookFailures(r.getHookFailures()),
        ValueMapping.attachments(r.getAttachments()));
  }

  /** The {@code effectId} of an effect write's JSON content, or null. */
  private static String effectId(String content) {
    try {
      var id = JSON.readTree(content).path("effectId");
      return id.isTextual() ? id.asText() : null;
    } catch (java.io.IOException | RuntimeException e) {
      return null; // the machine names what is wrong with it
    }
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();

  /** An appended message as the conversation keeps it: an assistant's text, or a user's words. */
  private static Values.Message appended(dev.threadline.avro.AppendedMessage m) {
    return m.getRole() == dev.threadline.avro.Role.ASSISTANT
        ? Values.Message.assistant(m.getText(), List.of())
        : Values.Message.inbound(
            Enums.Role.valueOf(m.getRole().name()),
            Values.InboundMessage.invoke(m.getText()),
            null);
  }
}
