package dev.threadline.ingest.http;

import dev.threadline.ingest.Caller;
import dev.threadline.ingest.ThreadCall;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.identity.Identity;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The projector's read API on the ingest's base URL, so an app reads and writes through one origin
 * with one key (its variables requests: {@link VariablesResource}; stats and usage: {@link
 * TenantReadResource}): each read is answered by the projector (with the internal token, for the
 * caller's tenant), passed on as it comes — a thread's live stream included. The projector serves
 * the same reads on its own port for the dashboard and for operators.
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@ForAgentKeys
@Path("/v1/threads")
@Produces(MediaType.APPLICATION_JSON)
public class ReadResource {
  @Inject Caller caller;
  @Inject ThreadCommandSender sender;
  @Inject ProjectorReads projector;
  @Context UriInfo uri;

  /** The tenant's threads — for a key scoped to agents, theirs (of those asked, if any are). */
  @GET
  public Response threads(@Context HttpHeaders headers) {
    Identity who = caller.identity(headers);
    if (!who.agentScoped()) {
      return relay(who.tenant(), "/v1/threads", headers, false);
    }
    String asked = uri.getQueryParameters().getFirst("agent");
    java.util.Set<String> agents =
        who.agentsAmong(
            asked == null || asked.isBlank()
                ? java.util.List.of()
                : java.util.Arrays.stream(asked.split(",")).map(String::strip).toList());
    if (agents.isEmpty()) {
      return Response.ok(java.util.Map.of("threads", java.util.List.of())).build();
    }
    // The query as asked, with the agents the key reaches in place of any it named.
    StringBuilder query = new StringBuilder("agent=").append(encode(String.join(",", agents)));
    uri.getQueryParameters().entrySet().stream()
        .filter(p -> !p.getKey().equals("agent"))
        .forEach(
            p ->
                p.getValue()
                    .forEach(
                        v ->
                            query
                                .append('&')
                                .append(encode(p.getKey()))
                                .append('=')
                                .append(encode(v))));
    return projector.relay(who.tenant(), "/v1/threads?" + query, null, null).build();
  }

  private static String encode(String text) {
    return ProjectorJson.encode(text);
  }

  @GET
  @Path("{id}")
  public Response thread(@BeanParam ThreadCall call) {
    return relay(sender.tenant(call), threadPath(call), call.headers(), false);
  }

  @GET
  @Path("{id}/{read: events|messages|values|effects|env}")
  public Response read(@BeanParam ThreadCall call, @PathParam("read") String read) {
    return relay(sender.tenant(call), threadPath(call) + "/" + read, call.headers(), false);
  }

  @GET
  @Path("{id}/values/{key}")
  public Response value(@BeanParam ThreadCall call, @PathParam("key") String key) {
    return relay(
        sender.tenant(call),
        threadPath(call) + "/values/" + URLEncoder.encode(key, StandardCharsets.UTF_8),
        call.headers(),
        false);
  }

  @GET
  @Path("{id}/stream")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  public Response stream(@BeanParam ThreadCall call) {
    return relay(sender.tenant(call), threadPath(call) + "/stream", call.headers(), true);
  }

  static String threadPath(ThreadCall call) {
    return ProjectorReads.threadPath(call.threadId());
  }

  private Response relay(String tenant, String path, HttpHeaders headers, boolean held) {
    return relay(projector, uri, tenant, path, headers, held);
  }

  /**
   * {@code path} with this request's query, asked of the projector; {@code held}: a stream, which
   * holds one of the tenant's slots ({@link ProjectorReads#hold}) — as does a fenced read ({@code
   * ?atLeastSeq=}), which the projector may hold for up to 10 s.
   */
  static Response relay(
      ProjectorReads projector,
      UriInfo uri,
      String tenant,
      String path,
      HttpHeaders headers,
      boolean held) {
    held = held || uri.getQueryParameters().containsKey("atLeastSeq");
    String query = uri.getRequestUri().getRawQuery();
    return projector
        .relay(
            tenant,
            query == null ? path : path + "?" + query,
            headers.getHeaderString("Last-Event-ID"),
            held ? projector.hold(tenant) : null)
        .build();
  }
}
