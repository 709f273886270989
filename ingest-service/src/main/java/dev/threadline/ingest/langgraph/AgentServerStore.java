package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.StoreItem;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.identity.ForEndUsers;
import dev.threadline.ingest.identity.ReadsOnly;
import dev.threadline.ingest.identity.UserNamespaces;
import dev.threadline.ingest.kafka.CommandLog;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.store.StoreFilter;
import dev.threadline.store.StoreLimits;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;

/**
 * The LangGraph Agent Server's store: a tenant's memory that outlives a thread, items by namespace
 * and key. A write goes to {@code store-items} and is answered once the projector's copy shows it
 * (or after {@link StoreItems#FENCE}, the write durable either way), so a read after it sees it;
 * reads, searches and namespaces are the projector's. An item whose time to live ran out reads as
 * gone. An end user reaches the items under their own namespace only ({@link UserNamespaces}).
 */
// Each request on a virtual thread: one waiting on the projector or the broker holds no worker
// every tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@ForEndUsers
@Path("/store")
@Produces(MediaType.APPLICATION_JSON)
public class AgentServerStore {
  @Inject Caller caller;
  @Inject CommandLog log;
  @Inject ProjectorReads reads;
  @Inject StoreLimits limits;
  @Context HttpHeaders headers;
  private final Clock clock = Clock.systemUTC();

  @PUT
  @Path("items")
  public Response put(String body) {
    String tenant = caller.tenant(headers);
    JsonNode request = LangGraphJson.body(body);
    List<String> namespace =
        UserNamespaces.own(
            caller.endUser(headers), StoreItems.namespace(request.path("namespace")), "namespace");
    String key = request.path("key").asText(null);
    StoreItems items = new StoreItems(log, new ProjectorJson(reads, tenant), limits, tenant, clock);
    items.put(namespace, key, request.path("value"), StoreItems.ttl(request.path("ttl")));
    return Response.noContent().build();
  }

  @DELETE
  @Path("items")
  public Response delete(String body) {
    String tenant = caller.tenant(headers);
    JsonNode request = LangGraphJson.body(body);
    List<String> namespace =
        UserNamespaces.own(
            caller.endUser(headers), StoreItems.namespace(request.path("namespace")), "namespace");
    String key = request.path("key").asText(null);
    new StoreItems(log, new ProjectorJson(reads, tenant), limits, tenant, clock)
        .delete(namespace, key);
    return Response.noContent().build();
  }

  /** The item, or JSON {@code null} when there is none (as LangGraph's servers answer). */
  @GET
  @Path("items")
  public Response get(
      @QueryParam("namespace") String namespace,
      @QueryParam("key") String key,
      @QueryParam("refresh_ttl") Boolean refreshTtl) {
    String tenant = caller.reader(headers);
    List<String> labels =
        UserNamespaces.own(
            caller.endUser(headers),
            namespace == null || namespace.isEmpty()
                ? List.of()
                : Arrays.asList(namespace.split("\\.", -1)),
            "namespace");
    StoreItems items = new StoreItems(log, new ProjectorJson(reads, tenant), limits, tenant, clock);
    StoreItem item = items.read(StoreItems.checked(labels, key), key);
    if (item != null && Boolean.TRUE.equals(refreshTtl)) {
      caller.tenant(headers); // a refresh writes: a read-only key may not
      item = items.refresh(item);
    }
    return Response.ok(item == null ? "null" : StoreItems.json(item).toString()).build();
  }

  @ReadsOnly
  @POST
  @Path("items/search")
  public Response search(String body) {
    String tenant = caller.reader(headers);
    JsonNode request = LangGraphJson.body(body);
    JsonNode query = request.path("query");
    if (query.isTextual() && !query.asText().isBlank()) {
      throw Problem.invalid(
          "query", "the store has no semantic index: search by prefix and filter");
    }
    JsonNode filter = request.path("filter");
    String wrong = StoreFilter.check(filter);
    if (wrong != null) {
      throw Problem.invalid("filter", wrong);
    }
    List<String> prefix =
        StoreItems.searched(
            UserNamespaces.under(
                caller.endUser(headers),
                StoreItems.labels(request.path("namespace_prefix"), "namespace_prefix"),
                "namespace_prefix"),
            "namespace_prefix");
    JsonNode found =
        new ProjectorJson(reads, tenant)
            .read(
                "/v1/store/items?prefix="
                    + LangGraphJson.encode(String.join(".", prefix))
                    + (filter.isObject()
                        ? "&filter=" + LangGraphJson.encode(filter.toString())
                        : "")
                    + page(request, 10));
    return Response.ok(found == null ? JSON.createObjectNode().putArray("items") : found).build();
  }

  @ReadsOnly
  @POST
  @Path("namespaces")
  public Response namespaces(String body) {
    String tenant = caller.reader(headers);
    JsonNode request = LangGraphJson.body(body);
    List<String> prefix =
        StoreItems.searched(
            UserNamespaces.under(
                caller.endUser(headers),
                StoreItems.labels(request.path("prefix"), "prefix"),
                "prefix"),
            "prefix");
    List<String> suffix = StoreItems.labels(request.path("suffix"), "suffix");
    int depth = request.path("max_depth").asInt(0);
    if (depth < 0) {
      throw Problem.invalid("max_depth", "0 (whole namespaces) or more");
    }
    JsonNode found =
        new ProjectorJson(reads, tenant)
            .read(
                "/v1/store/namespaces?prefix="
                    + LangGraphJson.encode(String.join(".", prefix))
                    + "&suffix="
                    + LangGraphJson.encode(String.join(".", suffix))
                    + "&maxDepth="
                    + depth
                    + page(request, 100));
    return Response.ok(found).build();
  }

  /** A request's {@code limit} (1 to 1,000) and {@code offset}, as a query's tail. */
  private static String page(JsonNode request, int defaultLimit) {
    int limit = request.path("limit").asInt(defaultLimit);
    int offset = request.path("offset").asInt(0);
    if (limit < 1 || limit > 1000) {
      throw Problem.invalid("limit", "from 1 to 1000");
    }
    if (offset < 0 || offset > 100_000) {
      throw Problem.invalid("offset", "from 0 to 100000");
    }
    return "&limit=" + limit + "&offset=" + offset;
  }
}
