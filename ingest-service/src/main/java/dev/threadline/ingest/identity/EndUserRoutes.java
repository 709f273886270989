package dev.threadline.ingest.identity;

import dev.threadline.config.ApiKeys;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.Tenants;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * An end user's token is taken only by the routes that keep users apart ({@link ForEndUsers}): on
 * any other — agent definitions, the store, crons, the native API, the tenant's own operations — it
 * is a 403 before the route runs, so a route is closed to end users until it is shown to reach only
 * their own threads. A token that cannot be taken is a 401 saying why, on every route.
 */
public class EndUserRoutes {
  private final Tenants tenants;
  private final EndUserTokens tokens;

  public EndUserRoutes(Tenants tenants, EndUserTokens tokens) {
    this.tenants = tenants;
    this.tokens = tokens;
  }

  @ServerRequestFilter
  public void admit(ContainerRequestContext request, ResourceInfo resource) {
    // The credential as every route reads it: a token sent in x-api-key is a token too.
    String credential =
        ApiKeys.credential(
            request.getHeaderString("Authorization"),
            request.getHeaderString(ApiKeys.API_KEY_HEADER));
    if (!tokens.isToken(credential)) {
      return;
    }
    Identity identity = tenants.identity(request::getHeaderString);
    boolean open =
        resource.getResourceMethod() != null
            && (resource.getResourceMethod().isAnnotationPresent(ForEndUsers.class)
                || resource.getResourceClass().isAnnotationPresent(ForEndUsers.class));
    if (identity.endUser() && !open) {
      throw Problem.forbidden(
          "an end user's token may not call "
              + request.getMethod()
              + " "
              + request.getUriInfo().getPath()
              + ": it reaches the user's own threads through the LangGraph routes; the tenant's"
              + " other routes take an API key or an admin's token");
    }
  }
}
