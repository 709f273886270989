package dev.threadline.executor.tools;

import dev.threadline.avro.Attachment;
import dev.threadline.avro.ToolEffect;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What a tool knows about the call it serves, and what it may ask of the runtime: {@link
 * #notifyParent} and {@link #setStatus} act when the result is accepted, and only on a subagent's
 * thread (they tell its parent).
 */
public final class ToolContext {
  private final String requestId;
  private final String threadId;
  private final String tenantId;
  private final String agentName;
  private final Instant deadline;
  private final Limits limits;
  private final List<ToolEffect> effects = new ArrayList<>();

  /** The most effects one call may ask for. */
  public static final int MAX_EFFECTS = 16;

  public ToolContext(
      String requestId,
      String threadId,
      String tenantId,
      String agentName,
      Instant deadline,
      Limits limits) {
    this.requestId = requestId;
    this.threadId = threadId;
    this.tenantId = tenantId;
    this.agentName = agentName;
    this.deadline = deadline;
    this.limits = limits;
  }

  /** Stable across re-issues and re-deliveries: the idempotency key of any side effect. */
  public String requestId() {
    return requestId;
  }

  public String threadId() {
    return threadId;
  }

  public String tenantId() {
    return tenantId;
  }

  public String agentName() {
    return agentName;
  }

  public Instant deadline() {
    return deadline;
  }

  /** Sends the parent thread a message (even when the subagent communicates explicitly). */
  public synchronized void notifyParent(String content) {
    notifyParent(content, List.of());
  }

  /**
   * Sends the parent thread a message with files of this thread's folder ({@code paths} relative to
   * it), which the runtime copies into the parent's folder (spec §8.2).
   */
  public synchronized void notifyParent(String content, List<String> paths) {
    long bytes = Utf8.length(content);
    for (String path : paths) {
      bytes += Utf8.length(path) + 8;
    }
    if (bytes > limits.messageBytes()) {
      throw new IllegalArgumentException(
          Limits.over("the message to the parent", bytes, limits.messageBytes(), "message.bytes"));
    }
    List<Attachment> files = paths.stream().map(p -> new Attachment(p, null, null, null)).toList();
    add(new ToolEffect("notify_parent", content, new ArrayList<>(files)));
  }

  /** Sets this thread's status in its parent's child registry (kept to its first 512 bytes). */
  public synchronized void setStatus(String status) {
    add(new ToolEffect("set_status", Truncation.middleBytes(status, 512), new ArrayList<>()));
  }

  private void add(ToolEffect effect) {
    if (effects.size() >= MAX_EFFECTS) {
      throw new IllegalStateException(
          "a tool call may ask for at most " + MAX_EFFECTS + " notify_parent / set_status");
    }
    effects.add(effect);
  }

  synchronized List<ToolEffect> effects() {
    return List.copyOf(effects);
  }
}
