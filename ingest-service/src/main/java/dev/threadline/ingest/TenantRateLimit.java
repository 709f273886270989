package dev.threadline.ingest;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Each tenant's requests to this ingest instance, held to a token bucket (Bucket4j): {@code
 * threadline.ratelimit.per.second} requests a second on average, bursts of up to {@code
 * threadline.ratelimit.burst}. Past it a request is refused before it does any work — 429 with
 * {@code Retry-After}, the seconds until the bucket holds a token again — so one tenant's flood
 * costs the others nothing here. {@code threadline.ratelimit.tenant.<tenant>.per.second} and {@code
 * .burst} set one tenant's own. A bucket per tenant (tenants come from the operator's keys, so
 * their number is the operator's); a request without a known key goes on to its 401.
 */
@Provider
public class TenantRateLimit implements ContainerRequestFilter {
  private final Tenants tenants;
  private final Config config;
  private final long perSecond;
  private final long burst;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  public TenantRateLimit(
      Tenants tenants,
      Config config,
      @ConfigProperty(name = "threadline.ratelimit.per.second", defaultValue = "500")
          long perSecond,
      @ConfigProperty(name = "threadline.ratelimit.burst", defaultValue = "1000") long burst) {
    this.tenants = tenants;
    this.config = config;
    this.perSecond = perSecond;
    this.burst = burst;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (!request.getUriInfo().getPath().startsWith("/v1/")) {
      return;
    }
    String tenant =
        tenants.tenantOf(request.getHeaderString(HttpHeaders.AUTHORIZATION)).orElse(null);
    if (tenant == null) {
      return;
    }
    ConsumptionProbe probe =
        buckets.computeIfAbsent(tenant, this::bucket).tryConsumeAndReturnRemaining(1);
    if (!probe.isConsumed()) {
      long seconds = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999) / 1_000_000_000);
      throw Problem.rateLimited(
          "more requests a second from your tenant to this instance than"
              + " threadline.ratelimit.per.second allows; retry after "
              + seconds
              + " s",
          seconds);
    }
  }

  private Bucket bucket(String tenant) {
    String own = "threadline.ratelimit.tenant." + tenant + ".";
    long rate = config.getOptionalValue(own + "per.second", Long.class).orElse(perSecond);
    long size = config.getOptionalValue(own + "burst", Long.class).orElse(Math.max(burst, rate));
    return Bucket.builder()
        .addLimit(limit -> limit.capacity(size).refillGreedy(rate, Duration.ofSeconds(1)))
        .build();
  }
}
