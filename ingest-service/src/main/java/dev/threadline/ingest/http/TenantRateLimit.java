package dev.threadline.ingest.http;

import dev.threadline.config.TenantRates;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.Tenants;
import dev.threadline.ingest.identity.Identity;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Each tenant's requests to this ingest instance, held to its rate ({@link TenantRates}: a token
 * bucket per tenant, {@code threadline.ratelimit.*}). Past it a request is refused before it does
 * any work — 429 with {@code Retry-After}, the seconds until the bucket holds a token again — so
 * one tenant's flood costs the others nothing here: the {@code /v1} API and the LangGraph routes
 * alike. An end user's token is also held to a rate of its own ({@code
 * threadline.ratelimit.user.per.second}, 20, bursts of {@code .burst}, 40), so one user cannot
 * spend the tenant's whole rate. A request without a known key goes on to its 401.
 */
@Provider
public class TenantRateLimit implements ContainerRequestFilter {
  private final Tenants tenants;
  private final TenantRates rates;
  private final TenantRates users;

  public TenantRateLimit(
      Tenants tenants,
      Config config,
      @ConfigProperty(name = TenantRates.PER_SECOND, defaultValue = "500") long perSecond,
      @ConfigProperty(name = TenantRates.BURST, defaultValue = "1000") long burst,
      @ConfigProperty(name = TenantRates.USER_PER_SECOND, defaultValue = "20") long userPerSecond,
      @ConfigProperty(name = TenantRates.USER_BURST, defaultValue = "40") long userBurst) {
    this.tenants = tenants;
    this.rates = new TenantRates(perSecond, burst, key -> config.getOptionalValue(key, Long.class));
    this.users = new TenantRates(userPerSecond, userBurst, key -> java.util.Optional.empty());
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getUriInfo().getPath().startsWith("/q/")) {
      return; // health, metrics and the API's document: the operator's, not a tenant's
    }
    Identity who = tenants.known(request::getHeaderString).orElse(null);
    if (who == null) {
      return;
    }
    String tenant = who.tenant();
    long seconds = rates.waitSeconds(tenant);
    if (seconds > 0) {
      throw Problem.rateLimited(TenantRates.refusal(seconds), seconds);
    }
    // An end user has a bucket of their own too: one user's flood leaves the tenant's others room.
    long userSeconds = who.endUser() ? users.waitSeconds(tenant + "\u0000" + who.user()) : 0;
    if (userSeconds > 0) {
      throw Problem.rateLimited(TenantRates.userRefusal(userSeconds), userSeconds);
    }
  }
}
