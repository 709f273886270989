package dev.threadline.ingest;

import dev.threadline.config.ApiKeys;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * API keys and the tenants they belong to: {@code threadline.api-keys=key1:tenantA,key2:tenantB}
 * and, for a single local key, {@code THREADLINE_API_KEY} (tenant {@code local}); see {@link
 * ApiKeys}.
 */
@ApplicationScoped
public class Tenants {
  private final ApiKeys keys;

  public Tenants(
      @ConfigProperty(name = "threadline.api-keys") Optional<String> keys,
      @ConfigProperty(name = "threadline.api-key") Optional<String> localKey) {
    this.keys = ApiKeys.parse(keys.orElse(null), localKey.orElse(null));
  }

  /** The tenant of an {@code Authorization} header value, if it carries a known bearer key. */
  public Optional<String> tenantOf(String authorization) {
    return keys.tenantOf(authorization);
  }

  public boolean isEmpty() {
    return keys.isEmpty();
  }
}
