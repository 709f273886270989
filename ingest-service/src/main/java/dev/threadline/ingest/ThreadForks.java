package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.Fork;
import dev.threadline.ingest.reads.ProjectorJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.time.Duration;

/**
 * Forks a thread: reads its log up to the event asked (the whole log, for the values written since)
 * to know where its window stood and what its values were, sends it a {@code Fork}, and answers
 * once the new thread holds what the fork copied — or with the reason the thread refused it.
 */
@ApplicationScoped
public class ThreadForks {
  /** The longest a fork is waited for before it is answered as still under way. */
  static final Duration WAIT = Duration.ofSeconds(30);

  private static final int PAGE = 1000;

  @Inject ThreadCommandSender sender;

  /** What became of a fork: the new thread's id, and whether it holds the copies yet. */
  public record Forked(String threadId, String fromThreadId, long atSeq, boolean seeded) {}

  /**
   * Forks {@code threadId} at event {@code atSeq} (null: its last) into a new thread. 404 for a
   * thread the caller has not; 409 with the thread's words when it refuses the fork.
   */
  public Forked fork(
      HttpHeaders headers, String tenant, ProjectorJson projector, String threadId, Long atSeq) {
    JsonNode summary = projector.summary(threadId);
    if (summary == null) {
      throw Problem.notFound("no thread '" + threadId + "'");
    }
    long last = summary.path("lastSeq").asLong();
    long at = atSeq == null ? last : atSeq;
    if (at < 1 || at > last) {
      throw Problem.invalid("atSeq", "an event of the thread: 1 to " + last);
    }
    ForkPoint point = read(projector, threadId, at, last);
    String newThreadId = Caller.id(headers, tenant, threadId + "/fork-thread");
    String commandId =
        sender.publish(
            headers,
            tenant,
            threadId,
            "fork",
            new Fork(
                newThreadId,
                at,
                point.fromMessageSeq(),
                point.atMessageSeq(),
                point.valuesChanged()));
    return new Forked(
        newThreadId, threadId, at, awaitSeeded(projector, threadId, last, commandId, newThreadId));
  }

  /** The fork point, folded from the log's start through its last event {@code last}. */
  private static ForkPoint read(ProjectorJson projector, String threadId, long at, long last) {
    ForkPoint point = new ForkPoint(at);
    while (point.nextSeq() <= last) {
      JsonNode page =
          projector.read(
              ProjectorJson.threadPath(threadId)
                  + "/events?limit="
                  + PAGE
                  + "&after="
                  + (point.nextSeq() - 1));
      JsonNode events = page == null ? null : page.path("events");
      if (events == null || events.isEmpty()) {
        break;
      }
      for (JsonNode event : events) {
        if (!point.fold(event)) {
          throw Problem.conflict(
              "the thread's log is no longer read whole from its start (its first events left the"
                  + " projector's keeping), so what it held then cannot be rebuilt: fork at a"
                  + " later event than "
                  + (point.nextSeq() - 1));
        }
      }
    }
    return point;
  }

  /**
   * Whether the new thread holds the fork within {@link #WAIT}; a 409 with the thread's reason if
   * it refused the fork (its log says so after {@code lastSeq}).
   */
  private static boolean awaitSeeded(
      ProjectorJson projector,
      String threadId,
      long lastSeq,
      String commandId,
      String newThreadId) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    long pause = 20;
    while (System.nanoTime() < deadline) {
      JsonNode created = projector.summary(newThreadId);
      if (created != null && created.has("forkedFrom")) {
        return true;
      }
      JsonNode page =
          projector.read(ProjectorJson.threadPath(threadId) + "/events?limit=100&after=" + lastSeq);
      if (page != null) {
        for (JsonNode e : page.path("events")) {
          if (e.path("type").asText().equals("CommandRejected")
              && commandId.equals(e.path("payload").path("commandId").asText())) {
            throw Problem.conflict(e.path("payload").path("reason").asText());
          }
        }
      }
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
      pause = Math.min(pause * 2, 500);
    }
    return false;
  }
}
