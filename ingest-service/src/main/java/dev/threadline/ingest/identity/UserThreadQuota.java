package dev.threadline.ingest.identity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.store.StoreLimits;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many threads one end user may keep ({@value #SETTING}): the threads they own and those they
 * declared without a graph together, so that one user of a multi-user app cannot fill the tenant's
 * thread quota, or its store with declarations, for everyone else. Counted as the projector shows
 * them when a user makes another (a thread's first run does not count it twice); an API key or an
 * admin acts for the tenant and is held to the tenant's quotas only.
 */
@ApplicationScoped
public class UserThreadQuota {
  static final String SETTING = "threadline.limits.threads.stored.per.user";

  /** The deepest a projector's thread list pages, so the most threads a quota can count. */
  static final int MOST = 10_000;

  /** The most declarations counted: a user's threads are counted as the projector lists them. */
  static final int DECLARED_COUNTED = 1_000;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ProjectorReads reads;
  private final int perUser;

  public UserThreadQuota(
      ProjectorReads reads, @ConfigProperty(name = SETTING, defaultValue = "1000") int perUser) {
    if (perUser < 1 || perUser > MOST) {
      throw new IllegalArgumentException(
          SETTING + " must be 1 to " + MOST + " (threads one end user may keep), not " + perUser);
    }
    this.reads = reads;
    this.perUser = perUser;
  }

  /**
   * A 429 when {@code who}, an end user, may not make thread {@code threadId}: they have enough.
   */
  public void check(Identity who, String threadId) {
    if (!who.endUser()) {
      return;
    }
    ProjectorJson projector = new ProjectorJson(reads, who.tenant());
    var owner = JSON.createObjectNode().put(ThreadOwners.OWNER, who.user());
    long declared =
        projector.storeItems(StoreLimits.DECLARED_THREADS, owner, DECLARED_COUNTED).stream()
            .filter(item -> !threadId.equals(item.path("key").asText()))
            .count();
    long room = perUser - declared;
    if (room > 0 && !hasAtLeast(projector, owner, room)) {
      return;
    }
    throw Problem.tooManyThreads(
        "you have "
            + perUser
            + " threads, the most "
            + SETTING
            + " allows one user: delete threads you no longer need (DELETE /threads/{thread_id})");
  }

  /** Whether the user's threads the projector shows (owner {@code owner}) are {@code n} or more. */
  private static boolean hasAtLeast(ProjectorJson projector, JsonNode owner, long n) {
    JsonNode page =
        projector.read(
            "/v1/threads?limit=1&offset="
                + (n - 1)
                + "&metadata="
                + ProjectorJson.encode(owner.toString()));
    return page != null && !page.path("threads").isEmpty();
  }
}
