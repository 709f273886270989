package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.config.OpenSlots;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.reads.HeldRelay;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.ingest.reads.ProjectorReads;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A Threadline run, read from the projector, as a LangGraph run's stream (Server-Sent Events, with
 * {@code Content-Location} naming the run and {@code Location} its stream, as the SDKs read them)
 * or as its outcome: the thread's values once it ended or was interrupted.
 */
@ApplicationScoped
public class RunStreams {
  static final Set<String> DEFAULT_MODES = Set.of("values");
  private final ProjectorReads reads;

  public RunStreams(ProjectorReads reads) {
    this.reads = reads;
  }

  /**
   * The stream modes a run asks for ({@code stream_mode}: one or a list; {@code values} if none).
   */
  static Set<String> modes(JsonNode request) {
    JsonNode asked = request.path("stream_mode");
    Set<String> modes = new LinkedHashSet<>();
    if (asked.isTextual()) {
      modes.add(asked.asText());
    }
    asked.forEach(mode -> modes.add(mode.asText()));
    return modes.isEmpty() ? DEFAULT_MODES : modes;
  }

  /**
   * The stream modes a rejoin asks for: {@code ?stream_mode=}, repeated, comma-separated, or as the
   * JSON array SDK 2.x writes a list parameter as ({@code ?stream_mode=["updates","custom"]}).
   */
  static Set<String> modes(List<String> asked) {
    Set<String> modes = new LinkedHashSet<>();
    if (asked != null) {
      for (String mode : asked) {
        if (mode.strip().startsWith("[")) {
          modes.addAll(modes(jsonList(mode)));
          continue;
        }
        Arrays.stream(mode.split(","))
            .map(String::trim)
            .filter(m -> !m.isEmpty())
            .forEach(modes::add);
      }
    }
    return modes.isEmpty() ? DEFAULT_MODES : modes;
  }

  private static JsonNode jsonList(String text) {
    try {
      JsonNode list = JSON.readTree(text);
      if (list.isArray()) {
        return JSON.createObjectNode().set("stream_mode", list);
      }
    } catch (java.io.IOException e) {
      // refused below
    }
    throw Problem.invalid("stream_mode", "a mode, a list of modes, or a JSON array of them");
  }

  /**
   * The thread's messages as a rejoined stream of the run goes on from: as they were at {@code
   * lastEventId}, or before the run's first event when it rejoins from the start — so an ended
   * run's stream replays its messages rather than finding them all known.
   */
  static ThreadMessages stateBefore(
      ProjectorJson projector, String threadId, String runId, String lastEventId) {
    long upTo = Long.MAX_VALUE;
    if (lastEventId != null && lastEventId.matches("[0-9]{1,18}")) {
      upTo = Long.parseLong(lastEventId);
    } else {
      JsonNode run = projector.read(ProjectorReads.runPath(threadId, runId));
      if (run != null && run.path("startSeq").isIntegralNumber()) {
        upTo = run.path("startSeq").asLong() - 1;
      }
    }
    return ThreadMessages.read(projector, threadId, upTo);
  }

  /**
   * The run's Threadline stream, opened — before the run's command is sent, so it misses none of
   * its tokens; {@code slot} is given back if it cannot be.
   */
  HttpResponse<InputStream> open(
      String tenant, String threadId, String runId, String lastEventId, OpenSlots.Slot slot) {
    return reads.open(
        tenant, ProjectorReads.runPath(threadId, runId) + "/stream", lastEventId, slot);
  }

  /**
   * The run's stream from {@code source} ({@link #open}) over {@code state} (the thread's messages
   * before the run); {@code slot} (its {@link ProjectorReads#hold}) is given back at its end.
   */
  Response stream(
      String threadId,
      String runId,
      Set<String> modes,
      ThreadMessages state,
      HttpResponse<InputStream> source,
      OpenSlots.Slot slot) {
    RunTranslation translation = new RunTranslation(runId, threadId, modes, state);
    String runPath = langGraphPath(threadId, runId);
    HeldRelay held = reads.held(slot, source);
    StreamingOutput body =
        out -> {
          try (held) {
            RunTranslation.Sink sink = sink(out);
            // Quiet, the stream gets a comment each second: a client gone is seen when it fails.
            try (InputStream in = held.body(sink::keepAlive)) {
              if (source.statusCode() != 200) {
                refused(sink, in);
                return;
              }
              translation.translate(in, sink);
            } catch (IOException e) {
              // The client went away (a write failed) or the projector's stream broke: the
              // stream ends here either way, and its place is given back.
            }
          }
        };
    return Response.ok(body)
        .type("text/event-stream")
        .header("Cache-Control", "no-cache")
        .header("Content-Location", runPath)
        .header("Location", runPath + "/stream")
        .build();
  }

  /**
   * The thread's values once run {@code runId} ended or was interrupted; {@code slot} (its {@link
   * ProjectorReads#hold}) is given back after.
   */
  Response join(String tenant, String threadId, String runId, OpenSlots.Slot slot) {
    try (slot) {
      ThreadMessages state = ThreadMessages.read(new ProjectorJson(reads, tenant), threadId);
      RunTranslation translation = new RunTranslation(runId, threadId, DEFAULT_MODES, state);
      HttpResponse<InputStream> source = open(tenant, threadId, runId, null, slot);
      try (InputStream in = source.body()) {
        if (source.statusCode() != 200) {
          return Response.status(source.statusCode())
              .type(dev.threadline.ingest.Problem.MEDIA_TYPE)
              .entity(in.readNBytes(1 << 20))
              .build();
        }
        var outcome = translation.translate(in, (id, event, data) -> {});
        ObjectNode values = outcome.values();
        if ("error".equals(outcome.status())) {
          values
              .putObject("__error__")
              .put("error", "RunError")
              .put(
                  "message",
                  outcome.reason() != null
                      ? outcome.reason()
                      : "the run failed; its thread's events say why");
        }
        return Response.ok(values)
            .header("Content-Location", langGraphPath(threadId, runId))
            .build();
      } catch (IOException e) {
        throw dev.threadline.ingest.Problem.unavailable("the run's stream broke; join again");
      }
    }
  }

  /** The run's path in the LangGraph API, as {@code Content-Location} names it. */
  private static String langGraphPath(String threadId, String runId) {
    return "/threads/" + LangGraphJson.encode(threadId) + "/runs/" + runId;
  }

  private static void refused(RunTranslation.Sink sink, InputStream problem) throws IOException {
    JsonNode detail = JSON.readTree(problem.readNBytes(1 << 20));
    sink.event(
        null,
        "error",
        JSON.createObjectNode()
            .put("error", detail.path("title").asText("Error"))
            .put("message", detail.path("detail").asText()));
  }

  private static RunTranslation.Sink sink(OutputStream out) {
    return new RunTranslation.Sink() {
      @Override
      public void event(String id, String event, JsonNode data) throws IOException {
        String frame =
            (id == null ? "" : "id: " + id + "\n")
                + "event: "
                + event
                + "\ndata: "
                + JSON.writeValueAsString(data)
                + "\n\n";
        out.write(frame.getBytes(StandardCharsets.UTF_8));
        out.flush();
      }

      @Override
      public void keepAlive() throws IOException {
        out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    };
  }
}
