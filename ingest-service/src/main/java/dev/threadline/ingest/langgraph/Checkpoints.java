package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import java.util.List;

/**
 * A thread's checkpoints as LangGraph names them, derived from its messages rather than stored: the
 * state after each message of its current branch is a checkpoint, named by the message's canonical
 * seq (a branch's copy keeps the name of the message it copies), in a UUID's shape as LangGraph's
 * are; the state before the first message is the root, {@code ...-000000000000}. Running from a
 * checkpoint that is not the head branches the thread there ({@code Branch}): how a front end
 * regenerates an answer and resends an edited message.
 */
final class Checkpoints {
  /** The most states one history answer holds, and the characters of their values in all. */
  static final int MAX_STATES = 100;

  static final long MAX_CHARS = 16L << 20;
  static final String ROOT = id(0);

  private Checkpoints() {}

  /** The checkpoint id of the state after the message whose canonical seq is {@code canonical}. */
  static String id(long canonical) {
    return String.format("00000000-0000-0000-0000-%012x", canonical);
  }

  /** The canonical seq a checkpoint id names (a plain number is taken too); 422 if none. */
  static long canonical(String checkpointId) {
    String id = checkpointId.trim();
    try {
      if (id.matches("00000000-0000-0000-0000-[0-9a-f]{12}")) {
        return Long.parseLong(id.substring(24), 16);
      }
      if (id.matches("[0-9]{1,18}")) {
        return Long.parseLong(id);
      }
    } catch (NumberFormatException e) {
      // falls through to the refusal
    }
    throw Problem.invalid(
        "checkpoint_id", "not a checkpoint of this server: '" + checkpointId + "'");
  }

  /**
   * The checkpoint a run or read names ({@code checkpoint.checkpoint_id} or {@code checkpoint_id}).
   */
  static String requested(JsonNode body) {
    JsonNode checkpoint = body.path("checkpoint");
    String id =
        checkpoint.isObject()
            ? checkpoint.path("checkpoint_id").asText("")
            : body.path("checkpoint_id").asText("");
    return id.isBlank() ? null : id;
  }

  /** How many of the branch's messages the state at {@code checkpointId} holds; -1 if none. */
  static int count(ThreadMessages state, String checkpointId) {
    long canonical = canonical(checkpointId);
    if (canonical == 0) {
      return 0;
    }
    List<ThreadMessages.Kept> kept = state.kept();
    for (int i = kept.size() - 1; i >= 0; i--) {
      if (kept.get(i).canonical() == canonical) {
        return i + 1;
      }
    }
    return -1;
  }

  /**
   * The state after the first {@code count} messages of the branch: values, the checkpoint and its
   * parent; the head's carries {@code interrupts}, at the top (where the SDKs read them now) and as
   * the waiting {@code tools} task's (where {@code useStream} 0.x and the Agent Chat UI built on it
   * read them), with {@code next: ["tools"]} — the node that runs once they are decided.
   */
  static ObjectNode state(
      ThreadMessages state, int count, String threadId, List<ObjectNode> interrupts, String at) {
    List<ThreadMessages.Kept> kept = state.kept();
    boolean head = count == kept.size();
    List<ObjectNode> waiting = head ? interrupts : List.of();
    ObjectNode out = JSON.createObjectNode();
    out.set("values", state.values(count, waiting));
    ArrayNode next = out.putArray("next");
    ArrayNode tasks = out.putArray("tasks");
    if (!waiting.isEmpty()) {
      next.add("tools");
      ObjectNode task = tasks.addObject().put("id", waiting.get(0).path("id").asText());
      task.put("name", "tools").putNull("error");
      task.putArray("interrupts").addAll(waiting);
      task.putNull("checkpoint").putNull("state");
    }
    out.putArray("interrupts").addAll(waiting);
    out.putObject("metadata").put("source", count == 0 ? "input" : "loop").put("step", count - 1);
    out.put("created_at", at);
    out.set("checkpoint", ref(threadId, count == 0 ? ROOT : id(kept.get(count - 1).canonical())));
    if (count == 0) {
      out.putNull("parent_checkpoint");
    } else {
      out.set(
          "parent_checkpoint",
          ref(threadId, count == 1 ? ROOT : id(kept.get(count - 2).canonical())));
    }
    return out;
  }

  /**
   * The branch's states newest first, from the head (or from the one before {@code before}), at
   * most {@code limit} and {@link #MAX_CHARS} of values (at least one state).
   */
  static ArrayNode history(
      ThreadMessages state,
      String threadId,
      List<ObjectNode> interrupts,
      String at,
      String before,
      int limit) {
    int from = state.kept().size();
    if (before != null) {
      int found = count(state, before);
      if (found < 0) {
        return JSON.createArrayNode();
      }
      from = found - 1;
    }
    ArrayNode history = JSON.createArrayNode();
    long chars = 0;
    for (int count = from; count >= 0 && history.size() < Math.min(limit, MAX_STATES); count--) {
      ObjectNode one = state(state, count, threadId, interrupts, at);
      chars += one.path("values").toString().length();
      if (!history.isEmpty() && chars > MAX_CHARS) {
        break;
      }
      history.add(one);
    }
    return history;
  }

  private static ObjectNode ref(String threadId, String checkpointId) {
    return JSON.createObjectNode()
        .put("thread_id", threadId)
        .put("checkpoint_ns", "")
        .put("checkpoint_id", checkpointId);
  }
}
