package dev.threadline.step.mapping;

import dev.threadline.avro.Abort;
import dev.threadline.avro.ApprovalDecision;
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
import dev.threadline.avro.Terminate;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ToolError;
import dev.threadline.avro.ToolResult;
import dev.threadline.step.core.Input;
import dev.threadline.topics.CommandEnvelope;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Core {@link Input}s → the records a producer or an executor would send: the inverse of {@link
 * InputMapping}, for tests that drive the shell, or check a round trip, with the core's values.
 */
public final class InputRecords {
  private InputRecords() {}

  /** The inverse of {@link InputMapping#fromCommand} for the command types the core handles. */
  public static ThreadCommand toCommand(String threadId, Input.Command command) {
    Object payload =
        switch (command) {
          case Input.CreateThread c ->
              CreateThread.newBuilder()
                  .setAgentName(c.agentName())
                  .setParent(ValueMapping.parentLink(c.parent()))
                  .setAgent(c.agent() == null ? null : AgentMapping.toAvro(c.agent()))
                  .setMessage(c.message() == null ? null : ValueMapping.inbound(c.message()))
                  .setMetadata(new TreeMap<>(c.metadata() == null ? Map.of() : c.metadata()))
                  .setEnv(ValueMapping.envToAvro(c.env()))
                  .build();
          case Input.SetEnv e ->
              new dev.threadline.avro.SetEnv(
                  e.name(), e.value() == null ? null : ValueMapping.env(e.value()));
          case Input.SendMessage m ->
              switch (m.delivery()) {
                case AUTO -> ValueMapping.inbound(m.message());
                case QUEUE -> new QueueMessage(ValueMapping.inbound(m.message()));
                case STEER -> new Steer(ValueMapping.inbound(m.message()));
              };
          case Input.QueueTool t -> new QueueTool(t.name(), t.argumentsJson());
          case Input.Abort a -> new Abort(a.reason());
          case Input.Terminate t -> new Terminate(t.reason());
          case Input.DeleteThread t -> new dev.threadline.avro.DeleteThread(t.reason());
          case Input.ScheduleEffect e ->
              new ScheduleEffect(
                  e.effectId(),
                  e.fireAt(),
                  EffectMapping.action(e.action()),
                  EffectMapping.recurrence(e.recurrence()));
          case Input.CancelEffect e -> new CancelEffect(e.effectId());
          case Input.Branch b ->
              new dev.threadline.avro.Branch(
                  b.atMessageSeq(), b.message() == null ? null : ValueMapping.inbound(b.message()));
          case Input.Fork f ->
              new dev.threadline.avro.Fork(
                  f.point().newThreadId(),
                  f.point().atSeq(),
                  f.point().fromMessageSeq(),
                  f.point().atMessageSeq(),
                  f.point().valuesChanged());
          case Input.CreateFork f ->
              new dev.threadline.avro.CreateFork(
                  f.birth().agentName(),
                  AgentMapping.toAvro(f.birth().agent()),
                  f.birth().metadata(),
                  ValueMapping.envToAvro(f.birth().env()),
                  f.birth().fromThreadId(),
                  f.birth().atSeq(),
                  f.birth().seeds());
          case Input.ForkSeed f ->
              new dev.threadline.avro.ForkSeed(
                  f.seed().fromThreadId(),
                  f.seed().index(),
                  f.seed().messages().stream().map(ValueMapping::message).toList(),
                  f.seed().values());
          case Input.ApprovalDecision a ->
              new ApprovalDecision(
                  a.callId(), a.approve(), a.reason(), a.requestId(), a.epoch(), a.argumentsJson());
          case Input.Compact k -> new dev.threadline.avro.Compact(k.reason());
          case Input.SetValue v -> new dev.threadline.avro.SetValue(v.key(), v.valueJson());
          case Input.AppendMessages a ->
              new dev.threadline.avro.AppendMessages(
                  a.messages().stream()
                      .map(
                          m ->
                              new dev.threadline.avro.AppendedMessage(
                                  dev.threadline.avro.Role.valueOf(m.role().name()), m.content()))
                      .toList());
          case Input.SetMetadata m ->
              new dev.threadline.avro.SetMetadata(new java.util.TreeMap<>(m.changes()));
          case Input.DeleteRun r -> new dev.threadline.avro.DeleteRun(r.runId());
          case Input.ProvideVariables v ->
              new dev.threadline.avro.ProvideVariables(
                  v.requestId(), ValueMapping.envToAvro(v.env()));
          case Input.ChildUpdate u ->
              ChildUpdate.newBuilder()
                  .setChildThreadId(u.childThreadId())
                  .setKind(dev.threadline.avro.ChildUpdateKind.valueOf(u.kind().name()))
                  .setStatus(u.status())
                  .setPayloadJson(u.content())
                  .setAttachments(ValueMapping.attachmentsToAvro(u.attachments()))
                  .build();
          case Input.Unsupported u ->
              throw new IllegalArgumentException(
                  "cannot rebuild unsupported command " + u.commandType());
        };
    return CommandEnvelope.of(
        command.commandId(), command.tenantId(), threadId, command.at(), payload);
  }

  public static ModelResult toModelResult(String threadId, Input.ModelResultReceived r) {
    Object outcome =
        switch (r.outcome()) {
          case Input.ModelReply ok ->
              new ModelResponse(
                  ok.text(),
                  ValueMapping.toolCallsToAvro(ok.toolCalls()),
                  ValueMapping.usage(ok.usage()),
                  ok.finishReason(),
                  null,
                  ok.providerItems());
          case Input.ModelFailure f ->
              new ModelError(
                  f.code(),
                  f.message(),
                  f.retryable(),
                  f.retryAfter() == null ? null : f.retryAfter().toMillis());
        };
    return new ModelResult(
        r.requestId(),
        threadId,
        r.epoch(),
        r.at(),
        outcome,
        hookFailuresToAvro(r.hookFailures()),
        false);
  }

  private static List<dev.threadline.avro.HookFailure> hookFailuresToAvro(
      List<dev.threadline.step.core.Values.HookFailure> failures) {
    return new java.util.ArrayList<>(
        failures.stream()
            .map(f -> new dev.threadline.avro.HookFailure(f.hook(), f.function(), f.message()))
            .toList());
  }

  public static ToolResult toToolResult(
      String threadId, String callId, String toolName, Input.ToolResultReceived r) {
    ToolError error = null;
    if (r.error() != null) {
      int colon = r.error().indexOf(": ");
      error =
          colon > 0
              ? new ToolError(r.error().substring(0, colon), r.error().substring(colon + 2))
              : new ToolError("error", r.error());
    }
    return new ToolResult(
        r.requestId(),
        threadId,
        r.epoch(),
        callId,
        toolName,
        r.at(),
        r.durationMs(),
        r.output(),
        error,
        new java.util.ArrayList<>(
            r.effects().stream()
                .map(
                    e ->
                        new dev.threadline.avro.ToolEffect(
                            e.kind(), e.content(), ValueMapping.attachmentsToAvro(e.attachments())))
                .toList()),
        hookFailuresToAvro(r.hookFailures()),
        false,
        new java.util.ArrayList<>(ValueMapping.attachmentsToAvro(r.attachments())));
  }
}
