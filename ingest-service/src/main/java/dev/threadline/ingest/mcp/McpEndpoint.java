package dev.threadline.ingest.mcp;

import static dev.threadline.ingest.mcp.JsonRpc.JSON;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.RunCancellation;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.UUID;

/**
 * Threadline as an MCP server (Streamable HTTP, {@code docs/mcp-server.md}): {@code POST /mcp}
 * takes one JSON-RPC message with the tenant's key; the tenant's agents are its tools ({@link
 * AgentTools}) and a call runs one ({@link AgentCalls}). It keeps no session state: the session id
 * {@code initialize} hands out only scopes a client's request ids, so that its {@code
 * notifications/cancelled} cancels the run of the call it names; it offers no stream of its own
 * (GET is 405), as the transport allows.
 */
// Each request on a virtual thread: a call waits for its run without holding a worker every
// tenant shares (docs/operations.md, "Held reads").
@RunOnVirtualThread
@Path("/mcp")
public class McpEndpoint {
  static final List<String> VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26");
  static final String SESSION = "Mcp-Session-Id";

  @Inject Caller caller;
  @Inject AgentTools tools;
  @Inject AgentCalls calls;
  @Inject CallsInFlight inFlight;
  @Inject RunCancellation cancellation;
  @Inject ToolCallResponses responses;
  @Context HttpHeaders headers;

  @POST
  public Response post(String body) {
    String tenant = caller.tenant(headers);
    JsonNode message;
    try {
      message = JSON.readTree(body == null ? "" : body);
    } catch (JsonProcessingException e) {
      return refused(
          JsonRpc.error(null, JsonRpc.PARSE_ERROR, "not JSON: " + e.getOriginalMessage()));
    }
    if (message == null || !message.isObject() || !"2.0".equals(message.path("jsonrpc").asText())) {
      return refused(
          JsonRpc.error(
              null,
              JsonRpc.INVALID_REQUEST,
              "one JSON-RPC 2.0 message, as an object (no batches)"));
    }
    String version = headers.getHeaderString("MCP-Protocol-Version");
    if (version != null && !VERSIONS.contains(version)) {
      return refused(
          JsonRpc.error(
              message.get("id"),
              JsonRpc.INVALID_REQUEST,
              "MCP-Protocol-Version " + version + " is not one of " + VERSIONS));
    }
    JsonNode id = message.get("id");
    String method = message.path("method").asText(null);
    if (method == null || id == null) {
      // A notification, or a response to a request this server never sends: accepted.
      if ("notifications/cancelled".equals(method)) {
        cancel(tenant, message.path("params").path("requestId"));
      }
      return Response.accepted().build();
    }
    JsonNode params = message.path("params");
    try {
      return switch (method) {
        case "initialize" ->
            Response.ok(JsonRpc.result(id, initialize(params)), MediaType.APPLICATION_JSON)
                .header(SESSION, UUID.randomUUID().toString())
                .build();
        case "ping" -> json(JsonRpc.result(id, JSON.createObjectNode()));
        case "tools/list" -> json(JsonRpc.result(id, tools.list(tenant)));
        case "tools/call" -> responses.call(headers, tenant, session(), id, params);
        default -> json(JsonRpc.error(id, JsonRpc.METHOD_NOT_FOUND, "no method '" + method + "'"));
      };
    } catch (JsonRpc.Error e) {
      return json(e.to(id));
    }
  }

  /** The server offers no stream of its own: a client's GET is told so, as the transport asks. */
  @GET
  public Response stream() {
    caller.tenant(headers);
    return Response.status(405).header("Allow", "POST").build();
  }

  /** Ending a session: there is nothing held for one, so nothing to end. */
  @DELETE
  public Response end() {
    caller.tenant(headers);
    return Response.noContent().build();
  }

  private ObjectNode initialize(JsonNode params) {
    String asked = params.path("protocolVersion").asText("");
    ObjectNode result =
        JSON.createObjectNode()
            .put("protocolVersion", VERSIONS.contains(asked) ? asked : VERSIONS.get(0));
    result.putObject("capabilities").putObject("tools").put("listChanged", false);
    result.putObject("serverInfo").put("name", "threadline").put("version", "1");
    return result.put(
        "instructions",
        "Each tool is a Threadline agent: call it with the message as `input`; pass the"
            + " `threadId` a call answered with to go on with that conversation.");
  }

  private void cancel(String tenant, JsonNode requestId) {
    inFlight
        .find(tenant, session(), requestId.toString())
        .ifPresent(
            run -> {
              try {
                cancellation.cancel(headers, tenant, run.threadId(), run.runId());
              } catch (Problem.Failure e) {
                // A run that ended or is still queued is not cancelled: the call answers as it is.
              }
            });
  }

  private String session() {
    String session = headers.getHeaderString(SESSION);
    return session == null ? "" : session;
  }

  private static Response json(ObjectNode message) {
    return Response.ok(message, MediaType.APPLICATION_JSON).build();
  }

  private static Response refused(ObjectNode error) {
    return Response.status(400).type(MediaType.APPLICATION_JSON).entity(error).build();
  }
}
