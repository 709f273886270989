package dev.threadline.ingest.http;

import dev.threadline.ingest.Caller;
import dev.threadline.ingest.reads.ProjectorReads;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** The caller's tenant's stats and usage, the projector's answers on the ingest's base URL. */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class TenantReadResource {
  @Inject Caller caller;
  @Inject ProjectorReads projector;
  @Context UriInfo uri;

  @GET
  @Path("stats")
  public Response stats(@Context HttpHeaders headers) {
    return ReadResource.relay(projector, uri, caller.tenant(headers), "/v1/stats", headers, false);
  }

  @GET
  @Path("usage")
  public Response usage(@Context HttpHeaders headers) {
    return ReadResource.relay(projector, uri, caller.tenant(headers), "/v1/usage", headers, false);
  }
}
