package dev.threadline.ingest.http;

import dev.threadline.ingest.Problem;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Request bodies other than a file upload are refused over 1 MiB (413) before any parsing; the HTTP
 * layer's own limit ({@code quarkus.http.limits.max-body-size}) is a file's. A body that says its
 * length is refused at once; one sent in chunks, which says none, is counted as it is read and
 * refused at its first byte past the limit.
 */
@Provider
@PreMatching
public class BodyLimit implements ContainerRequestFilter {
  public static final long JSON_BODY_BYTES = 1024 * 1024;

  @Override
  public void filter(ContainerRequestContext request) {
    boolean upload =
        request.getMethod().equals("POST")
            && request.getUriInfo().getPath().matches("/v1/threads/.+/files/?");
    if (upload) {
      return;
    }
    if (request.getLength() > JSON_BODY_BYTES) {
      throw tooLarge();
    }
    if (request.getLength() < 0 && request.hasEntity()) {
      request.setEntityStream(new Counted(request.getEntityStream()));
    }
  }

  private static RuntimeException tooLarge() {
    return Problem.tooLarge(
        "$", "a request body may have at most " + JSON_BODY_BYTES + " bytes (a file upload more)");
  }

  /** A body of no stated length, refused once more than the limit was read of it. */
  private static final class Counted extends FilterInputStream {
    private long read;

    Counted(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      count(b < 0 ? 0 : 1);
      return b;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
      int n = super.read(into, offset, length);
      count(Math.max(n, 0));
      return n;
    }

    private void count(int n) {
      read += n;
      if (read > JSON_BODY_BYTES) {
        throw tooLarge();
      }
    }
  }
}
