package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.DefinitionKind;
import dev.threadline.avro.DeleteThread;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.config.OpenSlots;
import dev.threadline.ingest.kafka.CommandLog;
import dev.threadline.ingest.reads.ProjectorReads;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * Erases a tenant: its agents first (so no new thread can start), then its prompts and models, then
 * every thread the projector lists for it, each deleted as {@code DELETE /v1/threads/{id}} deletes
 * one (with its children, files and stores). The projector lists a tenant's newest threads a page
 * at a time and forgets a deleted one once it has projected its deletion, so the purge deletes a
 * page, waits for it to leave the list, and goes on until the list is empty or its time is up —
 * then it says how far it got; repeating it is safe (a thread's deletion is one command id,
 * whatever request sends it).
 */
@ApplicationScoped
public class TenantPurge {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int PAGE = 500;
  private static final Duration PAUSE = Duration.ofMillis(250);

  /** What a purge did: counts, and whether no thread of the tenant's is left listed. */
  public record Purged(
      String tenant, int agents, int prompts, int models, int threads, boolean complete) {}

  private final CommandLog log;
  private final ThreadCommandSender sender;
  private final ProjectorReads projector;

  public TenantPurge(CommandLog log, ThreadCommandSender sender, ProjectorReads projector) {
    this.log = log;
    this.sender = sender;
    this.projector = projector;
  }

  public Purged purge(String tenant, HttpHeaders headers, Duration within) {
    if (!projector.configured()) {
      // Without the projector no thread can be found: refuse before erasing anything.
      throw Problem.unavailable(
          "a purge needs the projector's thread list: set threadline.projector.url and"
              + " threadline.internal.token");
    }
    // A purge waits on the projector for up to `within`: it holds one of the tenant's places.
    OpenSlots.Slot slot = projector.hold(tenant);
    try {
      return purgeHolding(tenant, headers, within);
    } finally {
      slot.close();
    }
  }

  private Purged purgeHolding(String tenant, HttpHeaders headers, Duration within) {
    int agents = 0;
    for (AgentDefinition agent : log.agents(tenant)) {
      log.deleteAgent(tenant, agent.getName());
      agents++;
    }
    int prompts = deleteAll(tenant, DefinitionKind.PROMPT);
    int models = deleteAll(tenant, DefinitionKind.MODEL);
    long deadline = System.nanoTime() + within.toNanos();
    Set<String> sent = new HashSet<>();
    while (true) {
      Set<String> listed = listedThreads(tenant);
      if (listed.isEmpty()) {
        return new Purged(tenant, agents, prompts, models, sent.size(), true);
      }
      boolean fresh = false;
      for (String threadId : listed) {
        if (sent.add(threadId)) {
          fresh = true;
          sender.publishAs(
              headers,
              tenant,
              threadId,
              "purge-" + tenant + "/" + threadId,
              new DeleteThread("tenant purged"));
        }
      }
      if (System.nanoTime() > deadline) {
        return new Purged(tenant, agents, prompts, models, sent.size(), false);
      }
      if (!fresh) {
        pause(); // every listed thread's deletion is sent: wait for the projector to apply them
      }
    }
  }

  private int deleteAll(String tenant, DefinitionKind kind) {
    int deleted = 0;
    for (NamedDefinition definition : log.definitions(kind).list(tenant)) {
      log.deleteDefinition(tenant, kind, definition.getName());
      deleted++;
    }
    return deleted;
  }

  /** The ids of the tenant's newest threads the projector lists (a page). */
  private Set<String> listedThreads(String tenant) {
    HttpResponse<InputStream> answer =
        projector.get(tenant, "/v1/threads?limit=" + PAGE, null, Duration.ofSeconds(30));
    try (InputStream body = answer.body()) {
      if (answer.statusCode() != 200) {
        throw Problem.unavailable(
            "could not list the tenant's threads: the projector answered "
                + answer.statusCode()
                + "; repeat the purge");
      }
      Set<String> ids = new HashSet<>();
      for (JsonNode thread : JSON.readTree(body).path("threads")) {
        ids.add(thread.path("threadId").asText());
      }
      return ids;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void pause() {
    try {
      Thread.sleep(PAUSE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Problem.unavailable("interrupted while purging; repeat the purge");
    }
  }
}
