package dev.threadline.step.mapping;

import dev.threadline.avro.store.CallKind;
import dev.threadline.avro.store.ChildEntry;
import dev.threadline.avro.store.PendingCall;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Awaiting.CompactionPhase;
import dev.threadline.step.core.Awaiting.ModelPhase;
import dev.threadline.step.core.Enums.CallBatch;
import java.util.List;

/**
 * {@link Awaiting} ↔ the state value's {@link PendingCall}, whose flat fields the kinds share: a
 * field a kind does not have is written as its default ({@code attempt} 1, {@code retries} 0, no
 * call), and {@code waitingForRetry} is the second phase of the kinds that have one (a model call
 * or a subprompt's step backing off, a compaction whose artifact is built by rule).
 */
final class AwaitingMapping {
  private AwaitingMapping() {}

  /**
   * @param children the registry, where a blocking call's child is the entry it waits for (a
   *     waiting call's child is live, so the registry keeps it)
   */
  static Awaiting toCore(PendingCall p, List<ChildEntry> children) {
    if (p == null) {
      return null;
    }
    var call = p.getCall() == null ? null : ValueMapping.toolCall(p.getCall());
    CallBatch batch = p.getFromQueue() ? CallBatch.RUNTIME : CallBatch.MODEL;
    return switch (p.getKind()) {
      case MODEL ->
          new Awaiting.Model(
              p.getRequestId(),
              p.getAttempt(),
              p.getIssuedAt(),
              p.getDeadline(),
              p.getRetries(),
              p.getWaitingForBudget()
                  ? ModelPhase.WAITING_FOR_BUDGET
                  : p.getWaitingForRetry() ? ModelPhase.BACKING_OFF : ModelPhase.IN_FLIGHT,
              p.getFallback());
      case TOOL ->
          new Awaiting.Tool(
              p.getRequestId(), p.getAttempt(), p.getIssuedAt(), p.getDeadline(), call, batch);
      case APPROVAL ->
          new Awaiting.Approval(p.getRequestId(), p.getIssuedAt(), p.getDeadline(), call, batch);
      case SUBPROMPT ->
          new Awaiting.Subprompt(
              p.getRequestId(),
              p.getAttempt(),
              p.getIssuedAt(),
              p.getDeadline(),
              call,
              batch,
              p.getRetries(),
              p.getWaitingForRetry() ? ModelPhase.BACKING_OFF : ModelPhase.IN_FLIGHT);
      case SUBAGENT -> {
        // Never absent in a value the machine wrote; were it, no report would match and an abort
        // would end the wait — better than a value that cannot be loaded.
        var child =
            children.stream()
                .filter(c -> p.getRequestId().equals(c.getWaitingRequestId()))
                .findFirst();
        yield new Awaiting.Child(
            p.getRequestId(),
            p.getIssuedAt(),
            call,
            batch,
            child.map(ChildEntry::getChildThreadId).orElse(null),
            child.map(ChildEntry::getName).orElse(null));
      }
      case HOOK ->
          new Awaiting.Hook(
              p.getRequestId(), p.getAttempt(), p.getIssuedAt(), p.getDeadline(), call);
      case COMPACTION ->
          new Awaiting.Compaction(
              p.getRequestId(),
              p.getAttempt(),
              p.getIssuedAt(),
              p.getDeadline(),
              p.getManualCompaction(),
              p.getWaitingForRetry()
                  ? CompactionPhase.BUILDING_BY_RULE
                  : CompactionPhase.SUMMARIZING);
    };
  }

  static PendingCall toAvro(Awaiting awaiting) {
    if (awaiting == null) {
      return null;
    }
    PendingCall.Builder b =
        PendingCall.newBuilder()
            .setRequestId(awaiting.requestId())
            .setIssuedAt(awaiting.issuedAt())
            .setDeadline(awaiting.deadline())
            .setAttempt(1)
            .setCall(null)
            .setRetries(0)
            .setWaitingForRetry(false)
            .setFromQueue(false)
            .setManualCompaction(false);
    if (awaiting instanceof Awaiting.ForCall c) {
      b.setCall(ValueMapping.toolCall(c.call())).setFromQueue(c.batch() == CallBatch.RUNTIME);
    }
    return switch (awaiting) {
      case Awaiting.Model m ->
          b.setKind(CallKind.MODEL)
              .setAttempt(m.attempt())
              .setRetries(m.retries())
              .setFallback(m.fallback())
              .setWaitingForRetry(m.phase() == ModelPhase.BACKING_OFF)
              .setWaitingForBudget(m.phase() == ModelPhase.WAITING_FOR_BUDGET)
              .build();
      case Awaiting.Tool t -> b.setKind(CallKind.TOOL).setAttempt(t.attempt()).build();
      case Awaiting.Approval a -> b.setKind(CallKind.APPROVAL).build();
      case Awaiting.Subprompt p ->
          b.setKind(CallKind.SUBPROMPT)
              .setAttempt(p.attempt())
              .setRetries(p.retries())
              .setWaitingForRetry(p.phase() == ModelPhase.BACKING_OFF)
              .build();
      case Awaiting.Child c -> b.setKind(CallKind.SUBAGENT).build();
      case Awaiting.Hook h ->
          b.setKind(CallKind.HOOK)
              .setAttempt(h.attempt())
              .setCall(ValueMapping.toolCall(h.call()))
              .build();
      case Awaiting.Compaction c ->
          b.setKind(CallKind.COMPACTION)
              .setAttempt(c.attempt())
              .setManualCompaction(c.manual())
              .setWaitingForRetry(c.phase() == CompactionPhase.BUILDING_BY_RULE)
              .build();
    };
  }
}
