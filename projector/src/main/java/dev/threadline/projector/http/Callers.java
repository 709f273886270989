package dev.threadline.projector.http;

import com.sun.net.httpserver.HttpExchange;
import dev.threadline.config.ApiKeys;
import dev.threadline.config.TenantRates;
import java.util.Optional;

/**
 * Who a request is from, as the tenant it reads for: a tenant by its API key — held to its request
 * rate on this instance ({@link TenantRates}; past it a 429 with {@code Retry-After}) — another
 * projector instance vouching for the tenant it authenticated (counted there), or a Threadline
 * service acting for a tenant with a pass the internal token signed for it ({@link
 * ApiKeys#tenantPass}) — or, from an older release, the token itself naming the tenant. A key
 * scoped to agents is refused: it reaches only some of its tenant's threads, and these reads are
 * the tenant's.
 */
final class Callers {
  private final ApiKeys keys;
  private final ForwardedRequests forwarded;
  private volatile TenantRates rates = TenantRates.from(java.util.Map.of());

  Callers(ApiKeys keys, ForwardedRequests forwarded) {
    this.keys = keys;
    this.forwarded = forwarded;
  }

  void limit(TenantRates rates) {
    this.rates = rates;
  }

  String tenant(HttpExchange exchange) {
    if (Router.isForwarded(exchange)) {
      // Another instance authenticated the caller and vouches for the tenant.
      return forwarded.tenantOf(exchange);
    }
    String authorization =
        ApiKeys.credential(
            exchange.getRequestHeaders().getFirst("Authorization"),
            exchange.getRequestHeaders().getFirst(ApiKeys.API_KEY_HEADER));
    Optional<String> passed = keys.passTenant(authorization, java.time.Instant.now());
    if (passed.isPresent()) {
      // A Threadline service (the ingest relaying a read, the executor for a tool's ThreadState)
      // with a pass for the one tenant it acts for.
      return passed.get();
    }
    if (keys.isInternal(authorization)) {
      // The token itself, as services of an older release send it, naming the tenant.
      String tenant = exchange.getRequestHeaders().getFirst(ApiKeys.TENANT_HEADER);
      if (tenant == null || tenant.isBlank()) {
        throw Problem.unauthorized("the internal token needs " + ApiKeys.TENANT_HEADER);
      }
      return tenant;
    }
    if (keys.isEmpty()) {
      throw Problem.unauthorized(
          "no API keys are configured: set THREADLINE_API_KEY or threadline.api-keys");
    }
    ApiKeys.Key key =
        keys.keyOf(authorization)
            .orElseThrow(
                () -> Problem.unauthorized("send Authorization: Bearer <API key> or x-api-key"));
    if (key.scoped()) {
      // Every read here is of the whole tenant's threads; the ingest keeps such a key to its own.
      throw Problem.forbidden(
          "a key scoped to agents "
              + key.agents()
              + " reads its threads through the ingest, not the projector, which reads for the"
              + " whole tenant");
    }
    String tenant = key.tenant();
    long seconds = rates.waitSeconds(tenant);
    if (seconds > 0) {
      throw new Problem(429, "Too many requests", TenantRates.refusal(seconds), (int) seconds);
    }
    return tenant;
  }
}
