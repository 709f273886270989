package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.reads.ProjectorJson;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/** A Threadline thread as LangGraph's thread and thread state. */
final class ThreadViews {
  private ThreadViews() {}

  /** A thread no run has created yet: idle, no messages. */
  static ObjectNode fresh(String threadId) {
    String now = Instant.now().toString();
    return idle(threadId, now, now, JSON.createObjectNode());
  }

  /** An idle thread without messages, made and last changed when given, with its metadata. */
  static ObjectNode idle(String threadId, String createdAt, String updatedAt, JsonNode metadata) {
    ObjectNode thread =
        JSON.createObjectNode()
            .put("thread_id", threadId)
            .put("created_at", createdAt)
            .put("updated_at", updatedAt)
            .put("state_updated_at", updatedAt)
            .put("status", "idle");
    thread.set("metadata", metadata.deepCopy());
    thread.putObject("values").putArray("messages");
    thread.putObject("interrupts");
    return thread;
  }

  /** How many threads' openings a search reads from the projector at once. */
  private static final int OPENINGS_AT_ONCE = 16;

  /**
   * Gives each listed thread its opening message as its {@code values} — what a thread list shows
   * of it (Agent Chat UI's history) — read from the projector a few at a time; a thread's whole
   * state is read with {@code GET /threads/{id}/state}.
   */
  static void openings(ProjectorJson projector, ArrayNode threads) {
    Semaphore room = new Semaphore(OPENINGS_AT_ONCE);
    try (var reading = Executors.newVirtualThreadPerTaskExecutor()) {
      for (JsonNode listed : threads) {
        reading.submit(
            () -> {
              room.acquireUninterruptibly();
              try {
                ObjectNode opening = opening(projector, listed.path("thread_id").asText());
                if (opening != null) {
                  ((ObjectNode) listed).putObject("values").putArray("messages").add(opening);
                }
              } finally {
                room.release();
              }
            });
      }
    }
  }

  /** The thread's first message as LangChain's (null: none yet, or the projector has none). */
  private static ObjectNode opening(ProjectorJson projector, String threadId) {
    JsonNode page;
    try {
      page = projector.read(ProjectorJson.threadPath(threadId) + "/messages?limit=5&after=0");
    } catch (RuntimeException e) {
      return null; // a list without one opening is still the list
    }
    if (page != null) {
      for (JsonNode m : page.path("messages")) {
        ObjectNode converted = LangChainMessages.of(m, m.path("messageSeq").asLong());
        if (converted != null) {
          return converted;
        }
      }
    }
    return null;
  }

  /** A thread as a search lists it, its values filled in later ({@link #openings}). */
  static ObjectNode listed(JsonNode summary) {
    ObjectNode thread =
        JSON.createObjectNode()
            .put("thread_id", summary.path("threadId").asText())
            .put("created_at", summary.path("createdAt").asText())
            .put("updated_at", summary.path("lastActivity").asText())
            .put("state_updated_at", summary.path("lastActivity").asText())
            .put("status", status(summary.path("status").asText()));
    ObjectNode metadata = thread.putObject("metadata");
    summary.path("metadata").properties().forEach(e -> metadata.set(e.getKey(), e.getValue()));
    metadata.put("graph_id", summary.path("agent").asText());
    thread.putObject("values");
    thread.putObject("interrupts");
    return thread;
  }

  static ObjectNode thread(ProjectorJson projector, String threadId, JsonNode summary) {
    ObjectNode thread = listed(summary);
    JsonNode pending = Interrupts.pending(projector, threadId, summary);
    List<ObjectNode> interrupts = pending == null ? List.of() : List.of(Interrupts.of(pending));
    thread.set("values", ThreadMessages.readState(projector, threadId).values(interrupts));
    if (!interrupts.isEmpty()) {
      thread.putObject("interrupts").putArray(pending.path("callId").asText()).addAll(interrupts);
    }
    return thread;
  }

  /** {@code GET /threads/{id}/state}: its messages, and the approval it awaits as an interrupt. */
  static ObjectNode state(ProjectorJson projector, String threadId, JsonNode summary) {
    ThreadMessages messages = ThreadMessages.readState(projector, threadId);
    return Checkpoints.state(
        messages,
        messages.kept().size(),
        threadId,
        interrupts(projector, threadId, summary),
        updatedAt(summary));
  }

  /** The approval the thread awaits as an interrupt, or none. */
  static List<ObjectNode> interrupts(ProjectorJson projector, String threadId, JsonNode summary) {
    JsonNode pending = summary == null ? null : Interrupts.pending(projector, threadId, summary);
    return pending == null ? List.of() : List.of(Interrupts.of(pending));
  }

  static String updatedAt(JsonNode summary) {
    return summary == null ? Instant.now().toString() : summary.path("lastActivity").asText();
  }

  /** A Threadline thread status as LangGraph's. */
  static String status(String threadline) {
    return switch (threadline) {
      case "RUNNING" -> "busy";
      case "AWAITING_APPROVAL" -> "interrupted";
      case "FAILED" -> "error";
      default -> "idle";
    };
  }
}
