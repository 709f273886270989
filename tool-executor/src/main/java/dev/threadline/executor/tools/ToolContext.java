package dev.threadline.executor.tools;

import dev.threadline.avro.Permission;
import dev.threadline.avro.ToolEffect;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a tool knows about the call it serves, and its thread: {@link #state()} reads and writes the
 * thread ({@link ThreadState}); {@link #notifyParent} and {@link #setStatus} are its shortcuts.
 *
 * @param requestId stable across re-issues and re-deliveries: the idempotency key of any side
 *     effect
 * @param userId who sent the message that started the call's turn, as the message says (the runtime
 *     does not verify it); null when no message did
 * @param state the thread this call serves: its reads and writes
 * @param permissions the function tools of the side that made the call, with their permissions, as
 *     its agent was frozen into the thread (edits of the agent since change nothing): what a tool
 *     that calls others may call ({@link #runTool}), and how
 * @param nested runs another of the executor's tools within this call ({@link #runTool})
 * @param progress where the call reports its progress while it runs ({@link #reportProgress})
 * @param store the tenant's store: memory that outlives the thread ({@link TenantStore})
 */
public record ToolContext(
    String requestId,
    String threadId,
    String tenantId,
    String agentName,
    String userId,
    Instant deadline,
    ThreadState state,
    Map<String, Permission> permissions,
    NestedCalls nested,
    ProgressReports.Sink progress,
    TenantStore store) {

  public ToolContext {
    permissions = Map.copyOf(permissions);
  }

  /** Runs a tool of this executor within the call that asks (see {@link #runTool}). */
  @FunctionalInterface
  public interface NestedCalls {
    ToolRunner.Outcome run(String toolName, com.fasterxml.jackson.databind.JsonNode arguments);
  }

  /**
   * Runs the executor's tool {@code toolName} here, within this call, as the executor runs any call
   * (schema check, timeout, output budget) — not through Kafka, so nothing waits on a round trip.
   * Its writes join this call's and apply with its result; its request id is this one's with {@code
   * /nested-<n>} appended. Whether the agent may call it is the caller's to check, with {@link
   * #permissions}.
   */
  public ToolRunner.Outcome runTool(
      String toolName, com.fasterxml.jackson.databind.JsonNode arguments) {
    return nested.run(toolName, arguments);
  }

  /** Sends the parent thread a message (even when the subagent communicates explicitly). */
  public void notifyParent(String content) {
    state.notifyParent(content, List.of());
  }

  /** {@link ThreadState#notifyParent(String, List)}. */
  public void notifyParent(String content, List<String> paths) {
    state.notifyParent(content, paths);
  }

  /**
   * Tells whoever watches the thread how far the call has come ({@code total}, {@code message}:
   * null when unknown): an {@code event: progress} on its live and run streams while it runs. Never
   * read by the model, never on the thread's log.
   */
  public void reportProgress(double progress, Double total, String message) {
    this.progress.report(progress, total, message);
  }

  /** {@link ThreadState#setStatus}. */
  public void setStatus(String status) {
    state.setStatus(status);
  }

  List<ToolEffect> effects() {
    return state.writes();
  }

  List<dev.threadline.avro.Attachment> shown() {
    return state.shown();
  }
}
