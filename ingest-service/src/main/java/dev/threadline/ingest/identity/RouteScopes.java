package dev.threadline.ingest.identity;

import dev.threadline.ingest.Problem;
import dev.threadline.ingest.Tenants;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import java.lang.reflect.Method;
import java.util.Set;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * What a credential may call, decided before the route runs. An end user's token is taken only by
 * the routes that keep users apart ({@link ForEndUsers}): on any other — agent definitions, the
 * store, crons, the native API, the tenant's own operations — it is a 403, so a route is closed to
 * end users until it is shown to reach only their own threads. A read-only key ({@code
 * key:tenant:read}) calls {@code GET} routes and those that only read ({@link ReadsOnly}): anything
 * that writes is a 403. A key scoped to agents calls the routes that keep it to their threads
 * ({@link ForAgentKeys}): any other is a 403. A token that cannot be taken is a 401 saying why, on
 * every route; a request without a known credential goes on to its route's own answer.
 */
public class RouteScopes {
  private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

  private final Tenants tenants;

  public RouteScopes(Tenants tenants) {
    this.tenants = tenants;
  }

  @ServerRequestFilter
  public void admit(ContainerRequestContext request, ResourceInfo resource) {
    // A token that cannot be taken is refused here, saying why; no known key: the route answers.
    Identity identity =
        tenants.hasToken(request::getHeaderString)
            ? tenants.identity(request::getHeaderString)
            : tenants.known(request::getHeaderString).orElse(null);
    if (identity == null) {
      return;
    }
    Method method = resource.getResourceMethod();
    String route = request.getMethod() + " " + request.getUriInfo().getPath();
    boolean forUsers = marked(resource, ForEndUsers.class);
    if (identity.endUser() && !forUsers) {
      throw Problem.forbidden(
          "an end user's token may not call "
              + route
              + ": it reaches the user's own threads through the LangGraph routes; the tenant's"
              + " other routes take an API key or an admin's token");
    }
    if (identity.agentScoped() && !marked(resource, ForAgentKeys.class)) {
      throw Problem.forbidden(
          "a key scoped to agents "
              + identity.agents()
              + " may not call "
              + route
              + ": it reaches those agents' threads (the threads, runs and files routes, native"
              + " and LangGraph); the tenant's other routes take a key for the whole tenant");
    }
    boolean reads =
        READS.contains(request.getMethod())
            || (method != null && method.isAnnotationPresent(ReadsOnly.class));
    if (identity.readOnly() && !reads) {
      throw Problem.forbidden("a read-only key may not call " + route + ": it writes");
    }
  }

  /** Whether the route, or its class, carries {@code mark}. */
  private static boolean marked(
      ResourceInfo resource, Class<? extends java.lang.annotation.Annotation> mark) {
    Method method = resource.getResourceMethod();
    return method != null
        && (method.isAnnotationPresent(mark)
            || resource.getResourceClass().isAnnotationPresent(mark));
  }
}
