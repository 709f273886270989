package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * A tool's reads of its thread's relatives: its parent and its own children, as the thread's
 * summary names them when the call reads — never another thread, so never another tenant's.
 *
 * @param thread the calling thread's summary
 */
record ThreadRelatives(ThreadReader reader, JsonNode thread) {
  /** {@code path} of the parent thread (empty for a root thread). */
  Optional<JsonNode> parent(String path) {
    String parent = thread.path("parentThreadId").asText("");
    return parent.isEmpty() ? Optional.empty() : reader.relative(parent).read(path);
  }

  /** {@code path} of child {@code childThreadId}; empty unless it is one of the thread's own. */
  Optional<JsonNode> child(String childThreadId, String path) {
    for (JsonNode child : thread.path("children")) {
      if (child.asText().equals(childThreadId)) {
        return reader.relative(childThreadId).read(path);
      }
    }
    return Optional.empty();
  }

  /** The projector's path of a thread's messages after event {@code afterSeq}. */
  static String messages(long afterSeq, int limit) {
    return "/messages?after=" + afterSeq + "&limit=" + limit;
  }
}
