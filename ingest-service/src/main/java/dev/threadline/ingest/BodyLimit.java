package dev.threadline.ingest;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;

/**
 * Request bodies other than a file upload are refused over 1 MiB (413) before any parsing; the HTTP
 * layer's own limit ({@code quarkus.http.limits.max-body-size}) is a file's.
 */
@Provider
@PreMatching
public class BodyLimit implements ContainerRequestFilter {
  static final long JSON_BODY_BYTES = 1024 * 1024;

  @Override
  public void filter(ContainerRequestContext request) {
    boolean upload =
        request.getMethod().equals("POST")
            && request.getUriInfo().getPath().matches("/v1/threads/.+/files/?");
    if (!upload && request.getLength() > JSON_BODY_BYTES) {
      throw Problem.tooLarge(
          "$",
          "a request body may have at most " + JSON_BODY_BYTES + " bytes (a file upload more)");
    }
  }
}
