package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.agents.AgentTeam;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.UserMessage;
import dev.threadline.config.Limits;
import dev.threadline.ingest.bodies.EnvJson;
import dev.threadline.ingest.identity.ThreadOwners;
import dev.threadline.ingest.identity.UserThreadQuota;
import dev.threadline.ingest.kafka.CommandLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Creating a thread, for {@code POST /v1/threads} and for a LangGraph run on a thread not created
 * yet: the agent frozen with the team its subagents run, the tenant's running threads held to their
 * quota when the thread starts with a message.
 */
@ApplicationScoped
public class ThreadCreation {
  private final CommandLog log;
  private final ThreadCommandSender sender;
  private final Limits limits;
  private final IngestSecrets secrets;
  private final Caller caller;
  private final UserThreadQuota userThreads;

  static final String STORED_PER_TENANT = "threadline.limits.threads.stored.per.tenant";

  /** The step processor's idle-thread expiry, when the operator set it here too: named in a 429. */
  static final String IDLE_EXPIRY = "threadline.threads.idle.expiry";

  private final long storedPerTenant;
  private final String idleExpiry;

  public ThreadCreation(
      CommandLog log,
      ThreadCommandSender sender,
      Limits limits,
      IngestSecrets secrets,
      Caller caller,
      UserThreadQuota userThreads,
      @ConfigProperty(name = STORED_PER_TENANT, defaultValue = "100000") long storedPerTenant,
      @ConfigProperty(name = IDLE_EXPIRY) java.util.Optional<String> idleExpiry) {
    this.storedPerTenant = storedPerTenant;
    this.idleExpiry = expiryNote(idleExpiry);
    this.log = log;
    this.sender = sender;
    this.limits = limits;
    this.secrets = secrets;
    this.caller = caller;
    this.userThreads = userThreads;
  }

  /** What a quota's refusal adds when the operator set an idle-thread expiry. */
  static String expiryNote(java.util.Optional<String> idleExpiry) {
    return idleExpiry
        .filter(expiry -> !expiry.isBlank())
        .map(expiry -> "; a thread idle for " + expiry.trim() + " is deleted (" + IDLE_EXPIRY + ")")
        .orElse("");
  }

  /** Creates thread {@code threadId} on {@code agent}; returns the command's id. */
  public String create(
      HttpHeaders headers,
      String tenant,
      String threadId,
      String agent,
      UserMessage message,
      Map<String, String> metadata,
      JsonNode env) {
    return createAs(
        headers,
        tenant,
        threadId,
        sender.commandId(headers, tenant, threadId, "create"),
        agent,
        message,
        metadata,
        env);
  }

  /** {@link #create}, as command {@code commandId} (a run's id, known before it is sent). */
  public String createAs(
      HttpHeaders headers,
      String tenant,
      String threadId,
      String commandId,
      String agent,
      UserMessage message,
      Map<String, String> metadata,
      JsonNode env) {
    if (headers != null) {
      ThreadOwners.requireAgent(caller.identity(headers), agent);
    }
    // A thread created with a message starts running: held to the tenant's running threads (an
    // idle conversation is free; the step processor holds the turns later messages start).
    long stored = log.storedThreads(tenant);
    if (stored >= storedPerTenant) {
      // Every thread costs its store entries, frozen agent and projection until deleted.
      throw Problem.tooManyThreads(
          "you have "
              + stored
              + " threads, the most "
              + STORED_PER_TENANT
              + " allows: delete threads you no longer need (DELETE /v1/threads/{id})"
              + idleExpiry);
    }
    if (headers != null) {
      userThreads.check(caller.identity(headers), threadId);
    }
    long running = log.runningThreads(tenant);
    if (message != null && running >= limits.threadsPerTenant()) {
      throw Problem.tooManyThreads(
          "you have "
              + running
              + " threads running, the most "
              + Limits.key("threads.per.tenant")
              + " allows: wait until some finish");
    }
    // The snapshot, with the agents its subagents run, travels with the command: the thread freezes
    // exactly the definitions read here, even if the step processor's agent table has not caught up
    // with a fresh PUT yet.
    var definition =
        AgentTeam.freeze(
            log.agent(tenant, agent)
                .orElseThrow(() -> Problem.notFound("no agent '" + agent + "'")),
            name -> log.agent(tenant, name).orElse(null));
    return sender.publishAs(
        headers,
        tenant,
        threadId,
        commandId,
        CreateThread.newBuilder()
            .setAgentName(agent)
            .setAgent(definition)
            .setEnv(EnvJson.read(env, definition, tenant, secrets))
            .setMessage(message)
            .setMetadata(
                headers == null ? metadata : ThreadOwners.owned(metadata, caller.identity(headers)))
            .build());
  }
}
