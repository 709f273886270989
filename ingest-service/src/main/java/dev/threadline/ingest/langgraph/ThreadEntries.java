package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.config.KvLimits;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.reads.ProjectorJson;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * A thread's key-value entries as values of its LangGraph state beside {@code messages}: what
 * {@code updateState} sets other than messages, and what the thread's head state shows — the first
 * {@value #SHOWN} keys by name, read from the projector's copy. {@code messages} and names
 * beginning {@code __} (LangGraph's own, as {@code __interrupt__}) are not entries of the state.
 */
final class ThreadEntries {
  /** The most entries a state shows (a thread may hold 1,000; the rest are read by key). */
  static final int SHOWN = 100;

  private ThreadEntries() {}

  /** {@code value} as the JSON the entry {@code key} is set to (null deletes it), or a refusal. */
  static String checked(String key, JsonNode value) {
    String field = "values." + key;
    if (key.startsWith("__")) {
      throw Problem.invalid(field, "names beginning __ are LangGraph's own, not a thread's values");
    }
    String refusal = KvLimits.keyRefusal(key);
    if (refusal != null) {
      throw Problem.invalid(field, refusal);
    }
    String json = value.isNull() ? null : value.toString();
    refusal = KvLimits.valueRefusal(json);
    if (refusal != null) {
      throw Problem.tooLarge(field, refusal);
    }
    return json;
  }

  /** The entries the thread's state shows, by name. */
  static ObjectNode read(ProjectorJson projector, String threadId) {
    ObjectNode shown = JSON.createObjectNode();
    JsonNode page = projector.read(ProjectorJson.threadPath(threadId) + "/values?limit=" + SHOWN);
    if (page != null) {
      page.path("values")
          .properties()
          .forEach(
              e -> {
                if (!e.getKey().equals("messages") && !e.getKey().startsWith("__")) {
                  shown.set(e.getKey(), e.getValue());
                }
              });
    }
    return shown;
  }

  /**
   * Waits until the projector shows every entry as {@code entries} set it; 503 after {@code
   * within}.
   */
  static void awaitShown(
      ProjectorJson projector, String threadId, Map<String, String> entries, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    for (var entry : entries.entrySet()) {
      ProjectorWaits.until(
          deadline,
          () -> shows(projector, threadId, entry.getKey(), entry.getValue()),
          () ->
              "the value '"
                  + entry.getKey()
                  + "' was sent, but the thread's state does not show it after "
                  + within.toSeconds()
                  + " s: the projector lags, or the thread refused it (its events say why)");
    }
  }

  private static boolean shows(ProjectorJson projector, String threadId, String key, String json) {
    JsonNode one =
        projector.read(ProjectorJson.threadPath(threadId) + "/values/" + LangGraphJson.encode(key));
    JsonNode value = one == null ? null : one.get("value");
    return json == null ? value == null : value != null && Objects.equals(value, parse(json));
  }

  private static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      return JSON.getNodeFactory().textNode(json);
    }
  }
}
