package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.Abort;
import dev.threadline.ingest.reads.ProjectorReads;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Cancelling a run: one that is running or interrupted has its turn aborted (it ends {@code
 * cancelled}, with every run of that turn); one still queued or already ended is not (409), and one
 * no event names yet is a 404.
 */
@ApplicationScoped
public class RunCancellation {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final ProjectorReads projector;
  private final ThreadCommandSender sender;

  public RunCancellation(ProjectorReads projector, ThreadCommandSender sender) {
    this.projector = projector;
    this.sender = sender;
  }

  public Response cancel(HttpHeaders headers, String tenant, String threadId, String runId) {
    HttpResponse<InputStream> answer =
        projector.get(
            tenant, ProjectorReads.runPath(threadId, runId), null, Duration.ofSeconds(30));
    JsonNode run = body(answer);
    if (answer.statusCode() != 200) {
      return Response.status(answer.statusCode()).type(Problem.MEDIA_TYPE).entity(run).build();
    }
    String status = run.path("status").asText();
    if (!status.equals("running") && !status.equals("interrupted")) {
      throw Problem.conflict(
          "run " + runId + " is " + status + ": only a running or interrupted run is cancelled");
    }
    String commandId =
        sender.publish(
            headers, tenant, threadId, "cancel-" + runId, new Abort("run " + runId + " cancelled"));
    return Response.status(202)
        .entity(new Replies.RunCancelling(runId, "cancelling", commandId))
        .build();
  }

  private static JsonNode body(HttpResponse<InputStream> answer) {
    try (InputStream in = answer.body()) {
      return JSON.readTree(in.readNBytes(1 << 20));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
