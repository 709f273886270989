package dev.threadline.ingest.mcp;

import static dev.threadline.ingest.mcp.JsonRpc.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.UserMessage;
import dev.threadline.config.Limits;
import dev.threadline.config.OpenSlots;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.ThreadCommandSender;
import dev.threadline.ingest.ThreadCreation;
import dev.threadline.ingest.bodies.MessageJson;
import dev.threadline.ingest.reads.HeldRelay;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import dev.threadline.ingest.reads.ServerSentEvents;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * An agent called as an MCP tool: its {@code input} sent as a run — on a new thread of the agent,
 * or on the thread {@code threadId} names — and the run followed through the projector to its
 * answer. Refusals of the call's arguments are tool errors the caller's model reads, as MCP asks.
 */
@ApplicationScoped
public class AgentCalls {
  /** The longest a call waits for its run: as long as {@code POST …/runs/wait} may. */
  static final Duration LONGEST = Duration.ofSeconds(300);

  @Inject AgentTools tools;
  @Inject ThreadCommandSender sender;
  @Inject ThreadCreation creation;
  @Inject ProjectorReads reads;
  @Inject Limits limits;

  /** A run started for a call, its stream opened before its message was sent. */
  record Started(String threadId, String runId, HttpResponse<InputStream> source, HeldRelay held) {}

  /**
   * Starts the run {@code tools/call}'s {@code params} ask for; a protocol error for an unknown
   * tool, a {@link Problem.Failure} for arguments or quotas that refuse it.
   */
  Started start(HttpHeaders headers, String tenant, JsonNode params) {
    AgentDefinition agent = tools.named(tenant, params.path("name").asText(""));
    JsonNode arguments = params.path("arguments");
    JsonNode input = arguments.path("input");
    if (!input.isTextual() || input.asText().isBlank()) {
      throw Problem.invalid("input", "required: the message to the agent, as text");
    }
    UserMessage message = MessageJson.messageOrText(input, "input", limits);
    JsonNode given = arguments.path("threadId");
    if (!given.isMissingNode() && !given.isTextual()) {
      throw Problem.invalid("threadId", "must be the id of a thread of this agent's, as text");
    }
    String threadId = given.isTextual() ? given.asText() : UUID.randomUUID().toString();
    if (given.isTextual()) {
      sender.tenant(threadId, headers);
      requireThreadOf(tenant, threadId, agent.getName());
    }
    String runId = sender.commandId(headers, tenant, threadId, "run");
    OpenSlots.Slot slot = reads.hold(tenant);
    // Opened before the message is sent: the call misses none of its run's events.
    HttpResponse<InputStream> source =
        reads.open(tenant, ProjectorReads.runPath(threadId, runId) + "/stream", null, slot);
    try {
      if (given.isTextual()) {
        sender.publishAs(headers, tenant, threadId, runId, message);
      } else {
        creation.createAs(
            headers, tenant, threadId, runId, agent.getName(), message, Map.of(), null);
      }
    } catch (RuntimeException e) {
      ProjectorReads.abandon(source);
      slot.close();
      throw e;
    }
    return new Started(threadId, runId, source, reads.held(slot, source));
  }

  /**
   * Follows a started run to the call's result, its first step of progress naming the run and its
   * thread; its read is given back at the end.
   */
  ObjectNode follow(Started run, RunFollower.Progress progress) {
    RunFollower follower =
        new RunFollower(
            run.threadId(), run.runId(), progress, System.nanoTime() + LONGEST.toNanos());
    try (HeldRelay held = run.held();
        InputStream in = held.body(follower::keepAlive)) {
      if (run.source().statusCode() != 200) {
        return failed("the projector could not stream the run (" + run.source().statusCode() + ")");
      }
      // First, where the run is: a caller that loses the call can still read it on.
      progress.step("started run " + run.runId() + " on thread " + run.threadId());
      ServerSentEvents.read(in, follower);
      return follower.result(false);
    } catch (RunFollower.StillRunning e) {
      return follower.result(true);
    } catch (IOException e) {
      // The caller went away, or the projector's stream broke: the run goes on either way.
      return follower.result(false);
    }
  }

  /** A tool error: what the caller's model is told when its call could not run. */
  static ObjectNode failed(String text) {
    ObjectNode result = JSON.createObjectNode();
    result.putArray("content").addObject().put("type", "text").put("text", text);
    return result.put("isError", true);
  }

  private void requireThreadOf(String tenant, String threadId, String agent) {
    JsonNode summary = new ProjectorJson(reads, tenant).summary(threadId);
    if (summary == null) {
      throw Problem.invalid("threadId", "you have no thread '" + threadId + "'");
    }
    String runs = summary.path("agent").asText();
    if (!runs.equals(agent)) {
      throw Problem.invalid(
          "threadId", "thread '" + threadId + "' runs agent '" + runs + "', not '" + agent + "'");
    }
  }
}
