package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * Where a tool's {@link ThreadState} reads come from: its thread, as it was when the call was
 * issued or later ({@code docs/tools.md}). {@code path} is below the thread, e.g. {@code /values};
 * the answer is the JSON the read API gives, empty for a 404.
 */
public interface ThreadReader {
  Optional<JsonNode> read(String path);

  /**
   * The same reads of thread {@code threadId} of the same tenant (its parent or a child: the caller
   * checks which threads a tool may read), not fenced at an event seq of its own.
   */
  default ThreadReader relative(String threadId) {
    return NONE;
  }

  /**
   * The tenant's definition {@code name} in {@code collection} ({@code agents}, {@code models} or
   * {@code prompts}) as the ingest's {@code GET /v1/{collection}/{name}} gives it; empty when the
   * tenant has none by that name.
   */
  default Optional<JsonNode> definition(String collection, String name) {
    throw new IllegalStateException(
        "loading definitions needs the executor's threadline.ingest.url and"
            + " threadline.internal.token");
  }

  /** For an executor not told where to read: every read says how to set it up. */
  ThreadReader NONE =
      path -> {
        throw new IllegalStateException(
            "ThreadState reads need the executor's threadline.projector.url and"
                + " threadline.internal.token");
      };
}
