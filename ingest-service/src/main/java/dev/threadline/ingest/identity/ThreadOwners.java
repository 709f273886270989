package dev.threadline.ingest.identity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.store.StoreLimits;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.TreeMap;

/**
 * Threads belong to the end user who made them: the entry {@value #OWNER} of the thread's metadata,
 * set from the user's token when it is created (or declared without a graph) and not changed by
 * them after. An end user reaches a thread only when it is theirs or free: another user's, or one a
 * service made, answers as a thread that does not exist. An API key or an admin's token reaches
 * every thread of its tenant, and may set an owner for the user it acts for; a key scoped to agents
 * reaches the threads they run.
 */
@ApplicationScoped
public class ThreadOwners {
  /** The metadata entry naming a thread's user. */
  public static final String OWNER = "owner";

  private final ProjectorReads reads;

  public ThreadOwners(ProjectorReads reads) {
    this.reads = reads;
  }

  /**
   * 404 unless {@code threadId} is {@code who}'s to reach: theirs, free, or any for a service — for
   * a key scoped to agents, free or run by one of them.
   */
  public void check(Identity who, String threadId) {
    if (who.agentScoped()) {
      checkAgent(who, threadId);
    }
    if (!who.endUser()) {
      return;
    }
    ProjectorJson projector = new ProjectorJson(reads, who.tenant());
    JsonNode summary = projector.summary(threadId);
    JsonNode declared =
        summary != null ? null : projector.storeItem(StoreLimits.DECLARED_THREADS, threadId);
    JsonNode metadata =
        summary != null
            ? summary.path("metadata")
            : declared != null ? declared.path("value") : MissingNode.getInstance();
    boolean exists = summary != null || declared != null;
    if (exists && !who.user().equals(metadata.path(OWNER).asText(null))) {
      throw Problem.notFound("no thread '" + threadId + "'");
    }
  }

  /**
   * A key scoped to agents reaches a thread one of them runs, or one that does not exist yet (a
   * thread it creates is created on one of them: {@link #requireAgent}); a thread declared without
   * a graph runs no agent yet, so it is not one of theirs.
   */
  private void checkAgent(Identity who, String threadId) {
    ProjectorJson projector = new ProjectorJson(reads, who.tenant());
    JsonNode summary = projector.summary(threadId);
    boolean reached =
        summary != null
            ? who.reaches(summary.path("agent").asText())
            : projector.storeItem(StoreLimits.DECLARED_THREADS, threadId) == null;
    if (!reached) {
      throw Problem.notFound("no thread '" + threadId + "'");
    }
  }

  /** 403 unless {@code who} may create a thread on {@code agent}. */
  public static void requireAgent(Identity who, String agent) {
    if (!who.reaches(agent)) {
      throw Problem.forbidden(
          "this key is scoped to agents "
              + who.agents()
              + ": it creates no thread on '"
              + agent
              + "'");
    }
  }

  /**
   * {@code metadata} as the thread keeps it: an end user's threads are theirs, whatever it says.
   */
  public static Map<String, String> owned(Map<String, String> metadata, Identity who) {
    if (!who.endUser()) {
      return metadata;
    }
    Map<String, String> owned = new TreeMap<>(metadata == null ? Map.of() : metadata);
    owned.put(OWNER, who.user());
    return owned;
  }
}
