package dev.threadline.ingest.langgraph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.DeleteRun;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.time.Duration;
import java.util.Set;

/**
 * LangGraph's {@code runs.delete}: a run that has ended is forgotten — the thread records it
 * ({@code DeleteRun}, then {@code RunDeleted} on its log) and the projector lists and reads it no
 * more; the events it caused stay in the thread's log. A run queued, running or awaiting an
 * approval is not deleted (409: cancel it first); one no event names is a 404.
 */
@ApplicationScoped
class RunDeletion {
  /** How long a deletion waits for the projector to forget the run. */
  static final Duration GONE_WITHIN = Duration.ofSeconds(10);

  private static final Set<String> ENDED = Set.of("success", "error", "cancelled");

  @Inject ThreadCommandSender sender;
  @Inject ProjectorReads reads;

  void delete(HttpHeaders headers, String tenant, String threadId, String runId) {
    ProjectorJson projector = new ProjectorJson(reads, tenant);
    JsonNode run = projector.read(ProjectorReads.runPath(threadId, runId));
    if (run == null) {
      throw Problem.notFound("no run " + runId + " on thread " + threadId);
    }
    String status = run.path("status").asText();
    if (!ENDED.contains(status)) {
      throw Problem.conflict(
          "run "
              + runId
              + " is "
              + status
              + ": only a run that ended is deleted (cancel it first)");
    }
    String commandId =
        sender.publish(headers, tenant, threadId, "delete-run-" + runId, new DeleteRun(runId));
    ProjectorWaits.until(
        System.nanoTime() + GONE_WITHIN.toNanos(),
        () -> projector.read(ProjectorReads.runPath(threadId, runId)) == null,
        () ->
            "command "
                + commandId
                + " was sent, but run "
                + runId
                + " is still listed after "
                + GONE_WITHIN.toSeconds()
                + " s: the projector lags");
  }
}
