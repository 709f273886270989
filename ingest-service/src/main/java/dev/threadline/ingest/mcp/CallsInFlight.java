package dev.threadline.ingest.mcp;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tool calls this ingest is following, by the tenant, MCP session and request id a client's
 * {@code notifications/cancelled} names them with: a cancelled call cancels its run. A call
 * followed by another replica is not found here, and its cancellation is not acted on.
 */
@ApplicationScoped
public class CallsInFlight {
  /** A call's run. */
  record Run(String threadId, String runId) {}

  /** A call held until it is closed. */
  interface Held extends AutoCloseable {
    @Override
    void close();
  }

  private final ConcurrentHashMap<String, Run> calls = new ConcurrentHashMap<>();

  /** Holds {@code run} as the call's until the returned handle is closed. */
  Held hold(String tenant, String session, String requestId, Run run) {
    String key = key(tenant, session, requestId);
    calls.put(key, run);
    return () -> calls.remove(key, run);
  }

  Optional<Run> find(String tenant, String session, String requestId) {
    return Optional.ofNullable(calls.get(key(tenant, session, requestId)));
  }

  private static String key(String tenant, String session, String requestId) {
    return tenant + "\n" + session + "\n" + requestId;
  }
}
