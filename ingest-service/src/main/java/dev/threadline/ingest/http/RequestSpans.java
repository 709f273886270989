package dev.threadline.ingest.http;

import dev.threadline.ingest.IngestTelemetry;
import dev.threadline.ingest.RequestTrace;
import dev.threadline.traces.TraceHeaders;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ResourceInfo;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * A server span for each request the API answers, named by its method and route (OpenTelemetry's
 * HTTP conventions: {@code POST /v1/threads/{id}/messages}), a child of the caller's {@code
 * traceparent}: the root of a thread's trace when the caller sends none, and the parent of the
 * commands the request publishes. It ends when the answer starts (a stream's too).
 */
public class RequestSpans {
  private static final String SPAN = RequestSpans.class.getName();
  private static final Map<Method, String> ROUTES = new ConcurrentHashMap<>();

  private final IngestTelemetry telemetry;
  private final RequestTrace trace;

  public RequestSpans(IngestTelemetry telemetry, RequestTrace trace) {
    this.telemetry = telemetry;
    this.trace = trace;
  }

  /** Before {@link RequestLogIds}, which names the span's trace. */
  static final int PRIORITY = jakarta.ws.rs.Priorities.USER - 1000;

  @ServerRequestFilter(priority = PRIORITY)
  public void start(ContainerRequestContext request, ResourceInfo resource) {
    Span span =
        telemetry.request(
            request.getMethod(),
            route(resource),
            "/" + request.getUriInfo().getPath().replaceFirst("^/", ""),
            TraceHeaders.extractHttp(request::getHeaderString));
    String threadId = request.getUriInfo().getPathParameters().getFirst("id");
    if (threadId != null) {
      span.setAttribute("threadline.thread.id", threadId);
    }
    request.setProperty(SPAN, span);
    trace.set(span.storeInContext(io.opentelemetry.context.Context.root()));
  }

  @ServerResponseFilter
  public void end(ContainerRequestContext request, ContainerResponseContext response) {
    if (request.getProperty(SPAN) instanceof Span span) {
      span.setAttribute("http.response.status_code", (long) response.getStatus());
      if (response.getStatus() >= 500) {
        span.setStatus(StatusCode.ERROR);
      }
      span.end();
    }
  }

  /** The route template of the resource method answering: its class's path and its own. */
  private static String route(ResourceInfo resource) {
    Method method = resource.getResourceMethod();
    if (method == null) {
      return "unmatched";
    }
    return ROUTES.computeIfAbsent(
        method,
        m -> {
          Path base = resource.getResourceClass().getAnnotation(Path.class);
          Path own = m.getAnnotation(Path.class);
          String route =
              ("/" + (base == null ? "" : base.value()) + "/" + (own == null ? "" : own.value()))
                  .replaceAll("\\{\\s*(\\w+)\\s*:[^}]*}", "{$1}")
                  .replaceAll("/+", "/");
          return route.length() > 1 && route.endsWith("/")
              ? route.substring(0, route.length() - 1)
              : route;
        });
  }
}
