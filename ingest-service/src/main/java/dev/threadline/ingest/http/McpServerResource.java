package dev.threadline.ingest.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.McpServerTool;
import dev.threadline.avro.McpServerTools;
import dev.threadline.ingest.Caller;
import dev.threadline.ingest.bodies.Json;
import dev.threadline.ingest.bodies.McpToolEntries;
import dev.threadline.ingest.kafka.CommandLog;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code GET /v1/mcp-servers}: the MCP servers the operator registered with the tool executor and,
 * of each, the tools the caller's tenant may use, as the executor last listed them — what an agent
 * can name with {@code {"mcp": server, "tools": [...]}}. A server whose tools the tenant may use
 * none of is left out; one the executor could not list says why.
 */
@Path("/v1/mcp-servers")
@Produces(MediaType.APPLICATION_JSON)
public class McpServerResource {
  @Inject Caller caller;
  @Inject CommandLog log;

  /** The servers a tenant may use. */
  public record Servers(List<Server> servers) {}

  /** One server and the tools of its a tenant may use. */
  public record Server(
      String name,
      @Schema(description = "whether the operator trusts its readOnlyHint annotations")
          boolean trusted,
      Instant listedAt,
      @Schema(description = "why the executor could not list its tools; absent: listed")
          String unreachable,
      List<ServerTool> tools) {}

  /** A tool as its server lists it and as an agent calls it. */
  public record ServerTool(
      @Schema(description = "the server's name for it") String name,
      @Schema(description = "the name an agent's model calls it by") String callAs,
      String description,
      @Schema(description = "its arguments' JSON Schema") JsonNode parameters,
      @Schema(description = "read-only for speculation") boolean readOnly) {}

  @GET
  public Servers list(@Context HttpHeaders headers) {
    String tenant = caller.tenant(headers);
    return new Servers(
        log.mcpServers().stream()
            .map(s -> server(s, tenant))
            .filter(s -> s.unreachable() != null || !s.tools().isEmpty())
            .toList());
  }

  private static Server server(McpServerTools s, String tenant) {
    return new Server(
        s.getServer(),
        s.getTrusted(),
        s.getListedAt(),
        s.getUnreachable(),
        s.getTools().stream()
            .filter(t -> McpToolEntries.mayUse(t, tenant))
            .map(t -> tool(s.getServer(), t))
            .toList());
  }

  private static ServerTool tool(String server, McpServerTool t) {
    return new ServerTool(
        t.getName(),
        McpToolEntries.callName(server, t),
        t.getDescription(),
        Json.parse(t.getParametersJson()),
        t.getReadOnly());
  }
}
