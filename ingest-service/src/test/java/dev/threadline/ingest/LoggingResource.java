package dev.threadline.ingest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.jboss.logging.Logger;

/** A route that logs one line while it answers, for {@link RequestLogIdsTest}. */
@Path("/v1/threads/{id}/test-log")
public class LoggingResource {
  private static final Logger LOG = Logger.getLogger(LoggingResource.class);

  @GET
  public String log(@PathParam("id") String threadId) {
    LOG.infof("answering for %s", threadId);
    return "logged";
  }
}
