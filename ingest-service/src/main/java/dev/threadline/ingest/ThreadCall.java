package dev.threadline.ingest;

import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * What every endpoint on one thread is given: the thread id from its path and the caller's headers
 * (the key, the idempotency key). A JAX-RS parameter container ({@code @BeanParam}).
 */
public class ThreadCall {
  @PathParam("id")
  String threadId;

  @Context HttpHeaders headers;

  public String threadId() {
    return threadId;
  }

  public HttpHeaders headers() {
    return headers;
  }
}
