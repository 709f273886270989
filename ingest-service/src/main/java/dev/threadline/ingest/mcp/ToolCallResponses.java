package dev.threadline.ingest.mcp;

import static dev.threadline.ingest.mcp.JsonRpc.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A {@code tools/call} answered: as one JSON response once its run is over, or — when the caller
 * asked for progress ({@code _meta.progressToken}) and takes Server-Sent Events — as a stream of
 * {@code notifications/progress}, one per step of the run, that ends with the response.
 */
@ApplicationScoped
public class ToolCallResponses {
  @Inject AgentCalls calls;
  @Inject CallsInFlight inFlight;

  Response call(HttpHeaders headers, String tenant, String session, JsonNode id, JsonNode params) {
    AgentCalls.Started run;
    try {
      run = calls.start(headers, tenant, params);
    } catch (Problem.Failure e) {
      return json(JsonRpc.result(id, AgentCalls.failed(e.problem().detail())));
    }
    var call = new CallsInFlight.Run(run.threadId(), run.runId());
    JsonNode token = params.path("_meta").path("progressToken");
    if (token.isMissingNode() || !takesEvents(headers)) {
      CallsInFlight.Held held = inFlight.hold(tenant, session, id.toString(), call);
      try {
        return json(JsonRpc.result(id, calls.follow(run, step -> {})));
      } finally {
        held.close();
      }
    }
    StreamingOutput body =
        out -> {
          CallsInFlight.Held held = inFlight.hold(tenant, session, id.toString(), call);
          try {
            ObjectNode result = calls.follow(run, progress(out, token));
            send(out, JsonRpc.result(id, result));
          } catch (IOException e) {
            // The caller went away: its run goes on, and is read on through the runs API.
          } finally {
            held.close();
          }
        };
    return Response.ok(body)
        .type(MediaType.SERVER_SENT_EVENTS)
        .header("Cache-Control", "no-cache")
        .build();
  }

  private static RunFollower.Progress progress(OutputStream out, JsonNode token) {
    return new RunFollower.Progress() {
      private int steps;

      @Override
      public void step(String message) throws IOException {
        ObjectNode params = JSON.createObjectNode();
        params.set("progressToken", token);
        params.put("progress", ++steps).put("message", message);
        send(out, JsonRpc.notification("notifications/progress", params));
      }

      @Override
      public void keepAlive() throws IOException {
        out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    };
  }

  private static void send(OutputStream out, ObjectNode message) throws IOException {
    String frame = "event: message\ndata: " + JSON.writeValueAsString(message) + "\n\n";
    out.write(frame.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static boolean takesEvents(HttpHeaders headers) {
    String accept = headers.getHeaderString(HttpHeaders.ACCEPT);
    return accept != null && accept.contains(MediaType.SERVER_SENT_EVENTS);
  }

  private static Response json(ObjectNode message) {
    return Response.ok(message, MediaType.APPLICATION_JSON).build();
  }
}
