package dev.threadline.executor.tools;

import dev.threadline.avro.ToolRequest;

/**
 * Makes each call's {@link ThreadReader}: from the projector named by {@code
 * threadline.projector.url} with {@code threadline.internal.token}, fenced at the request's event
 * seq; without them, reads say how to set them.
 */
public interface ThreadReaders {
  ThreadReader reader(ToolRequest request);

  ThreadReaders NONE = request -> ThreadReader.NONE;

  /** Readers of the projector at {@code url} (either argument null or blank: {@link #NONE}). */
  static ThreadReaders projector(String url, String token) {
    if (url == null || url.isBlank() || token == null || token.isBlank()) {
      return NONE;
    }
    return request ->
        new ProjectorThreadReader(
            url, token, request.getTenantId(), request.getThreadId(), request.getEventSeq());
  }
}
