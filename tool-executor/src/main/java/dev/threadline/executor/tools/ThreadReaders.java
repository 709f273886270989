package dev.threadline.executor.tools;

import dev.threadline.avro.ToolRequest;

/**
 * Makes each call's {@link ThreadReader}: from the projector named by {@code
 * threadline.projector.url} with {@code threadline.internal.token}, fenced at the request's event
 * seq, and definitions from the ingest named by {@code threadline.ingest.url}; without them, reads
 * say how to set them.
 */
public interface ThreadReaders {
  ThreadReader reader(ToolRequest request);

  ThreadReaders NONE = request -> ThreadReader.NONE;

  /** Readers of the projector at {@code url} (either argument null or blank: {@link #NONE}). */
  static ThreadReaders projector(String url, String token) {
    return of(url, null, token);
  }

  /**
   * Readers of the projector at {@code projectorUrl} and of the definitions the ingest at {@code
   * ingestUrl} serves (null: none); no projector or no token: {@link #NONE}.
   */
  static ThreadReaders of(String projectorUrl, String ingestUrl, String token) {
    if (projectorUrl == null || projectorUrl.isBlank() || token == null || token.isBlank()) {
      return NONE;
    }
    String ingest = ingestUrl == null || ingestUrl.isBlank() ? null : ingestUrl;
    return request ->
        new ProjectorThreadReader(
            projectorUrl,
            ingest,
            token,
            request.getTenantId(),
            request.getThreadId(),
            request.getEventSeq());
  }
}
