package dev.threadline.executor.tools;

import java.time.Instant;

/**
 * What a tool knows about the call it serves.
 *
 * @param requestId stable across re-issues and re-deliveries: the idempotency key
 */
public record ToolContext(
    String requestId, String threadId, String tenantId, String agentName, Instant deadline) {}
