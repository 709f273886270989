package dev.threadline.executor.tools;

import dev.threadline.avro.EnvValue;
import dev.threadline.avro.ToolEffect;
import dev.threadline.config.Limits;
import dev.threadline.config.SecretBox;
import dev.threadline.files.ThreadFiles;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a tool knows about the call it serves, and its thread: {@link #state()} reads and writes the
 * thread ({@link ThreadState}); {@link #notifyParent} and {@link #setStatus} are its shortcuts.
 */
public final class ToolContext {
  private final String requestId;
  private final String threadId;
  private final String tenantId;
  private final String agentName;
  private final Instant deadline;
  private final ThreadState state;

  public ToolContext(
      String requestId,
      String threadId,
      String tenantId,
      String agentName,
      Instant deadline,
      Limits limits) {
    this(requestId, threadId, tenantId, agentName, deadline, limits, ThreadReader.NONE);
  }

  public ToolContext(
      String requestId,
      String threadId,
      String tenantId,
      String agentName,
      Instant deadline,
      Limits limits,
      ThreadReader reader) {
    this(requestId, threadId, tenantId, agentName, deadline, limits, reader, Map.of(), null, null);
  }

  /**
   * {@code env}: the thread's env from the request; {@code box} opens and seals its secrets; {@code
   * files} the shared files folder (either null: none).
   */
  public ToolContext(
      String requestId,
      String threadId,
      String tenantId,
      String agentName,
      Instant deadline,
      Limits limits,
      ThreadReader reader,
      Map<String, EnvValue> env,
      SecretBox box,
      ThreadFiles files) {
    this.requestId = requestId;
    this.threadId = threadId;
    this.tenantId = tenantId;
    this.agentName = agentName;
    this.deadline = deadline;
    this.state =
        new ThreadState(
            requestId,
            limits,
            reader,
            new ThreadState.Env(
                env, tenantId, threadId, java.util.Optional.ofNullable(box), files));
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

  /** The thread this call serves: its reads and writes. */
  public ThreadState state() {
    return state;
  }

  /** Sends the parent thread a message (even when the subagent communicates explicitly). */
  public void notifyParent(String content) {
    state.notifyParent(content, List.of());
  }

  /** {@link ThreadState#notifyParent(String, List)}. */
  public void notifyParent(String content, List<String> paths) {
    state.notifyParent(content, paths);
  }

  /** {@link ThreadState#setStatus}. */
  public void setStatus(String status) {
    state.setStatus(status);
  }

  List<ToolEffect> effects() {
    return state.writes();
  }
}
