package dev.threadline.ingest.reads;

import dev.threadline.config.OpenSlots;
import dev.threadline.ingest.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Whether a thread exists and is the caller's, as the projector knows it (its read API, with the
 * services' internal token, for the caller's tenant — another tenant's thread is answered as a
 * missing one). A thread created a moment ago may not be projected yet, so a first "no such thread"
 * is asked again fenced at its first event, which the projector waits up to 10 s for. Without
 * {@code threadline.projector.url} and {@code threadline.internal.token} (every shipped deployment
 * sets both) nothing is checked, and the start says so. Asked through {@link ProjectorReads}.
 */
@ApplicationScoped
public class ThreadOwners {
  private static final Logger log = Logger.getLogger(ThreadOwners.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private final ProjectorReads projector;

  public ThreadOwners(ProjectorReads projector) {
    this.projector = projector;
    if (!projector.configured()) {
      log.warn(
          "uploads are not checked against the caller's threads: set threadline.projector.url"
              + " and threadline.internal.token");
    }
  }

  /** Returns if {@code threadId} is a thread of {@code tenant}'s; else a 404 (or a 503). */
  public void requireOwned(String tenant, String threadId) {
    if (!projector.configured()) {
      return;
    }
    int status = status(tenant, threadId, "");
    if (status == 404) {
      // Perhaps created a moment ago: wait for its first event to be projected, in one of the
      // tenant's places for held reads (the wait is up to 10 s).
      OpenSlots.Slot slot = projector.hold(tenant);
      try {
        status = status(tenant, threadId, "?atLeastSeq=1");
      } finally {
        slot.close();
      }
    }
    switch (status) {
      case 200 -> {}
      case 404, 503 -> throw Problem.notFound("no thread " + threadId);
      default ->
          throw Problem.unavailable(
              "could not check the thread: the projector answered " + status + "; retry");
    }
  }

  private int status(String tenant, String threadId, String query) {
    HttpResponse<InputStream> answer =
        projector.get(tenant, ProjectorReads.threadPath(threadId) + query, null, TIMEOUT);
    ProjectorReads.abandon(answer);
    return answer.statusCode();
  }
}
