package dev.threadline.ingest.http;

import dev.threadline.ingest.RequestTrace;
import dev.threadline.ingest.Tenants;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.MDC;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * The ids of the request being answered, on every line logged while answering it (the log's MDC; in
 * JSON logs under {@code mdc}): {@code requestId} (the caller's {@code X-Request-Id} when it is a
 * plain token, else a fresh one, and sent back in that header), {@code tenantId} for a known key,
 * {@code threadId} for a thread's path, and {@code traceId} from a W3C {@code traceparent}.
 */
public class RequestLogIds {
  static final String HEADER = "X-Request-Id";
  private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
  private static final List<String> KEYS = List.of("requestId", "tenantId", "threadId", "traceId");

  private final Tenants tenants;
  private final RequestTrace trace;

  public RequestLogIds(Tenants tenants, RequestTrace trace) {
    this.tenants = tenants;
    this.trace = trace;
  }

  @ServerRequestFilter
  public void identify(ContainerRequestContext request) {
    String given = request.getHeaderString(HEADER);
    String requestId =
        given != null && TOKEN.matcher(given).matches() ? given : UUID.randomUUID().toString();
    request.setProperty(HEADER, requestId);
    MDC.put("requestId", requestId);
    tenants.ofRequest(request::getHeaderString).ifPresent(t -> MDC.put("tenantId", t));
    var path = request.getUriInfo().getPathParameters();
    String threadId = path.getFirst(path.containsKey("id") ? "id" : "thread_id");
    if (threadId != null) {
      MDC.put("threadId", threadId);
    }
    if (trace.context() != null) {
      var span = io.opentelemetry.api.trace.Span.fromContext(trace.context()).getSpanContext();
      if (span.isValid()) {
        MDC.put("traceId", span.getTraceId());
      }
    }
  }

  @ServerResponseFilter
  public void forget(ContainerRequestContext request, ContainerResponseContext response) {
    if (request.getProperty(HEADER) instanceof String requestId) {
      response.getHeaders().putSingle(HEADER, requestId);
    }
    KEYS.forEach(MDC::remove);
  }
}
