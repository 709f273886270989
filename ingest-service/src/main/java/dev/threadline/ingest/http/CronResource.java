package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Crons;
import dev.threadline.ingest.Problem;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * A tenant's crons — the recurring effects its threads hold ({@code POST /v1/threads/{id}/effects}
 * with a {@code cron}) — listed, and ended by id.
 */
// Each request on a virtual thread: one waiting on the projector holds no worker every tenant
// shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@Path("/v1/crons")
@Produces(MediaType.APPLICATION_JSON)
public class CronResource {
  @Inject Caller caller;
  @Inject Crons crons;
  @Context HttpHeaders headers;

  /** {@code {crons, total}}: ordered by thread and id; {@code threadId} keeps one thread's. */
  @GET
  public JsonNode list(
      @QueryParam("threadId") String threadId,
      @QueryParam("limit") @DefaultValue("100") int limit,
      @QueryParam("offset") @DefaultValue("0") int offset) {
    if (limit < 0 || limit > 1000) {
      throw Problem.invalid("limit", "from 0 to 1000");
    }
    if (offset < 0 || offset > 10_000) {
      throw Problem.invalid("offset", "from 0 to 10000");
    }
    return crons.list(caller.tenant(headers), threadId, limit, offset);
  }

  /** Ends the cron: its effect is cancelled on its thread (202); 404 for none of the caller's. */
  @DELETE
  @Path("/{cronId}")
  public Response delete(@PathParam("cronId") String cronId) {
    String tenant = caller.tenant(headers);
    JsonNode cron = crons.find(tenant, cronId);
    if (cron == null) {
      throw Problem.notFound("no cron '" + cronId + "'");
    }
    crons.cancel(headers, tenant, cron);
    return Response.accepted().build();
  }
}
