package dev.threadline.ingest.http;

import dev.threadline.ingest.Problem;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Any failure no resource turned into a {@link Problem}: a 500 whose body says nothing of the cause
 * (exception texts name files, hosts and internals) but gives a reference the operator finds in the
 * log. A request the framework refused (404, 405, 415, ...) keeps its status.
 */
@Provider
public class UnexpectedFailures implements ExceptionMapper<Throwable> {
  private static final Logger LOG = Logger.getLogger(UnexpectedFailures.class);

  @Override
  public Response toResponse(Throwable failure) {
    if (failure instanceof Problem.Failure problem) {
      return problem.toResponse();
    }
    if (failure instanceof WebApplicationException web && web.getResponse().getStatus() < 500) {
      int status = web.getResponse().getStatus();
      return Response.status(status)
          .type(Problem.MEDIA_TYPE)
          .entity(
              new Problem(
                  "https://threadline.dev/problems/http-" + status,
                  web.getResponse().getStatusInfo().getReasonPhrase(),
                  status,
                  web.getResponse().getStatusInfo().getReasonPhrase(),
                  null))
          .build();
    }
    String reference = UUID.randomUUID().toString();
    LOG.errorf(failure, "unexpected failure, reference %s", reference);
    return Response.status(500)
        .type(Problem.MEDIA_TYPE)
        .entity(
            new Problem(
                "https://threadline.dev/problems/internal",
                "Internal error",
                500,
                "the request failed unexpectedly; the operator can find it in the log by reference "
                    + reference,
                null))
        .build();
  }
}
