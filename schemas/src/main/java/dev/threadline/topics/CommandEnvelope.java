package dev.threadline.topics;

import dev.threadline.avro.ThreadCommand;
import java.time.Instant;

/** The envelope every command travels in on thread-commands, built in one place. */
public final class CommandEnvelope {
  private CommandEnvelope() {}

  /**
   * {@code payload}, one of the command union's records, as {@code commandId} (its idempotency key)
   * for thread {@code threadId} of {@code tenantId}.
   */
  public static ThreadCommand of(
      String commandId, String tenantId, String threadId, Instant issuedAt, Object payload) {
    return ThreadCommand.newBuilder()
        .setCommandId(commandId)
        .setTenantId(tenantId)
        .setThreadId(threadId)
        .setIssuedAt(issuedAt)
        .setPayload(payload)
        .build();
  }
}
