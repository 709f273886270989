package dev.threadline.ingest.http;

import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.TenantPurge;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The caller's tenant as a whole: {@code DELETE /v1/tenant?confirm=<tenant>} erases everything it
 * defined and every thread it has ({@link TenantPurge}). The tenant's id must be given back, so a
 * stray request with a valid key cannot do it.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@Path("/v1/tenant")
@Produces(MediaType.APPLICATION_JSON)
public class TenantResource {
  /** How long one request goes on deleting threads before it answers how far it got. */
  private static final Duration WITHIN = Duration.ofSeconds(60);

  @Inject Caller caller;
  @Inject TenantPurge purge;

  @DELETE
  @APIResponse(
      responseCode = "200",
      description = "purged: no thread of the tenant's is left",
      content = @Content(schema = @Schema(implementation = TenantPurge.Purged.class)))
  @APIResponse(
      responseCode = "202",
      description = "purging: repeat the request to go on (each step is idempotent)",
      content = @Content(schema = @Schema(implementation = TenantPurge.Purged.class)))
  public Response purge(@QueryParam("confirm") String confirm, @Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    if (!tenant.equals(confirm)) {
      throw Problem.invalid(
          "confirm",
          "give your tenant's id, " + tenant + ", to erase all of its agents and threads");
    }
    TenantPurge.Purged purged = purge.purge(tenant, headers, WITHIN);
    return Response.status(purged.complete() ? 200 : 202).entity(purged).build();
  }
}
