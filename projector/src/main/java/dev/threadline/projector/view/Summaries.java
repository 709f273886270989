package dev.threadline.projector.view;

import dev.threadline.avro.AgentHandedOff;
import dev.threadline.avro.BudgetReached;
import dev.threadline.avro.ChildStatusUpdated;
import dev.threadline.avro.ModelCallCompleted;
import dev.threadline.avro.ModelCallRequested;
import dev.threadline.avro.SubagentCreated;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadStatus;
import dev.threadline.avro.ThreadStatusChanged;
import dev.threadline.avro.ThreadTerminated;
import dev.threadline.avro.ToolCallCompleted;
import dev.threadline.avro.TurnCompleted;
import dev.threadline.avro.TurnStarted;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.config.Utf8;
import java.util.ArrayList;
import java.util.Optional;

/**
 * Folds a thread's events into its {@link ThreadSummary}. Idempotent by seq: an event at or below
 * the summary's {@code lastSeq} was applied already (a replay after a crash) and changes nothing,
 * and events outside any thread's log (seq 0) are not part of a thread.
 */
public final class Summaries {
  /** The newest children a summary lists; {@code childCount} counts every one started. */
  public static final int CHILDREN_KEPT = 100;

  /**
   * How much of a thread's metadata its summary keeps, keys and values in UTF-8 bytes: the summary
   * is rewritten with every event, and a child's metadata holds its whole task.
   */
  public static final int METADATA_BYTES = 4_096;

  /** The longest metadata value a summary keeps. */
  public static final int METADATA_VALUE_CHARS = 512;

  private Summaries() {}

  /** The summary after {@code event}, or empty if the event does not apply (seen, or seq 0). */
  public static Optional<ThreadSummary> apply(ThreadSummary current, ThreadEvent event) {
    if (event.getSeq() <= 0 || (current != null && event.getSeq() <= current.getLastSeq())) {
      return Optional.empty();
    }
    long at = event.getTimestamp().toEpochMilli();
    ThreadSummary.Builder next =
        current != null
            ? ThreadSummary.newBuilder(current)
            : ThreadSummary.newBuilder()
                .setThreadId(event.getThreadId())
                .setTenantId(event.getTenantId())
                .setAgentName("")
                .setStatus(ThreadStatus.IDLE)
                .setChildren(new ArrayList<>())
                .setCreatedAt(at);
    next.setLastSeq(event.getSeq())
        .setLastActivity(at)
        .setLastEventType(event.getPayload().getClass().getSimpleName());
    switch (event.getPayload()) {
      case ThreadCreated created ->
          next.setAgentName(created.getAgentName())
              .setParentThreadId(created.getParentThreadId())
              .setChildName(created.getChildName())
              .setMetadata(kept(created.getMetadata()))
              .setCreatedAt(at);
      case TurnStarted ignored -> next.setTurns(next.getTurns() + 1).setTurnStartedAt(at);
      case ModelCallRequested requested ->
          next.setCurrentModel(modelOf(requested.getModel(), requested.getProvider()))
              .setWaitingForBudget(null)
              .setWaitingForBudgetUntil(null);
      case BudgetReached reached ->
          next.setWaitingForBudget(reached.getBudget())
              .setWaitingForBudgetUntil(reached.getResumesAt().toEpochMilli());
      case ModelCallCompleted completed ->
          next.setSteps(next.getSteps() + 1)
              .setInputTokens(next.getInputTokens() + completed.getUsage().getInputTokens())
              .setOutputTokens(next.getOutputTokens() + completed.getUsage().getOutputTokens());
      case ToolCallCompleted ignored -> next.setToolCalls(next.getToolCalls() + 1);
      case dev.threadline.avro.StepRetried retried
          when dev.threadline.agents.StepRetries.LOST_RESULT.equals(retried.getReason()) ->
          next.setRecoveries(next.getRecoveries() + 1);
      case ThreadStatusChanged changed -> next.setStatus(changed.getTo());
      // A turn that ends (aborted too) or a thread terminated waits for no budget any more.
      case TurnCompleted ignored ->
          next.setWaitingForBudget(null)
              .setWaitingForBudgetUntil(null)
              .setTurnStartedAt(null)
              .setTurnTraceparent(null);
      case ThreadTerminated ignored ->
          next.setStatus(ThreadStatus.TERMINATED)
              .setWaitingForBudget(null)
              .setWaitingForBudgetUntil(null);
      case SubagentCreated child -> {
        addChild(next, child.getChildThreadId());
        next.setChildCount(next.getChildCount() + 1);
      }
      case ChildStatusUpdated child -> addChild(next, child.getChildThreadId());
      // A handoff: the thread's agent is now the one it was handed to.
      case AgentHandedOff handedOff -> next.setAgentName(handedOff.getToAgent());
      // A fork holds what it copied: its lineage shows from then on.
      case dev.threadline.avro.ForkSeeded seeded ->
          next.setForkedFrom(seeded.getFromThreadId()).setForkedAtSeq(seeded.getAtSeq());
      case dev.threadline.avro.MetadataChanged changed ->
          next.setMetadata(changedMetadata(next.getMetadata(), changed.getMetadata()));
      default -> {}
    }
    return Optional.of(next.build());
  }

  /** The stats dimension of a model call: the model, or the provider when it picks the model. */
  public static String modelOf(String model, String provider) {
    return model == null || model.isBlank() ? provider : model;
  }

  /**
   * The short entries of {@code metadata} that fit {@link #METADATA_BYTES}, the smallest first (as
   * many as fit, whatever their keys).
   */
  static java.util.Map<String, String> kept(java.util.Map<String, String> metadata) {
    java.util.Map<String, String> kept = new java.util.TreeMap<>();
    long bytes = 0;
    var bySize =
        metadata.entrySet().stream()
            .filter(e -> e.getValue().length() <= METADATA_VALUE_CHARS)
            .sorted(
                java.util.Comparator.comparingLong(
                        (java.util.Map.Entry<String, String> e) -> entryBytes(e))
                    .thenComparing(java.util.Map.Entry::getKey))
            .toList();
    for (var e : bySize) {
      if (bytes + entryBytes(e) > METADATA_BYTES) {
        break;
      }
      kept.put(e.getKey(), e.getValue());
      bytes += entryBytes(e);
    }
    return kept;
  }

  /** {@code metadata} with {@code changes} made (null: removed), as much kept as fits. */
  static java.util.Map<String, String> changedMetadata(
      java.util.Map<String, String> metadata, java.util.Map<String, String> changes) {
    java.util.Map<String, String> changed = new java.util.TreeMap<>(metadata);
    changes.forEach(
        (key, value) -> {
          if (value == null) {
            changed.remove(key);
          } else {
            changed.put(key, value);
          }
        });
    return kept(changed);
  }

  private static long entryBytes(java.util.Map.Entry<String, String> e) {
    return Utf8.length(e.getKey()) + Utf8.length(e.getValue());
  }

  private static void addChild(ThreadSummary.Builder summary, String childThreadId) {
    if (!summary.getChildren().contains(childThreadId)) {
      var children = new ArrayList<>(summary.getChildren());
      children.add(childThreadId);
      if (children.size() > CHILDREN_KEPT) {
        children.removeFirst(); // the summary is one record: its list stays bounded
      }
      summary.setChildren(children);
    }
  }
}
