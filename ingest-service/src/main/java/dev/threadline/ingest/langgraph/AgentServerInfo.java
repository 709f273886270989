package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.identity.ForAgentKeys;
import dev.threadline.ingest.identity.ForEndUsers;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * What the LangGraph Agent Server says of itself: {@code GET /info} — which front ends such as
 * Agent Chat UI ask first, and refuse to connect without; Studio reads its flags — and {@code GET
 * /ok}. Neither needs a key, as on LangGraph's own server: they tell nothing of any tenant.
 */
@ForAgentKeys
@ForEndUsers
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class AgentServerInfo {
  @GET
  @Path("info")
  public ObjectNode info() {
    ObjectNode info = JSON.createObjectNode().put("version", "threadline");
    info.putObject("flags")
        .put("assistants", true)
        .put("crons", true)
        .put("langsmith", false)
        .put("langsmith_tracing_replicas", false);
    info.putObject("host").put("kind", "self-hosted");
    return info;
  }

  @GET
  @Path("ok")
  public ObjectNode ok() {
    return JSON.createObjectNode().put("ok", true);
  }
}
