package dev.threadline.ingest;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * API keys and the tenants they belong to: {@code threadline.api-keys=key1:tenantA,key2:tenantB}
 * and, for a single local key, {@code THREADLINE_API_KEY} (tenant {@code local}).
 */
@ApplicationScoped
public class Tenants {
  private final Map<String, String> tenantByKey = new HashMap<>();

  public Tenants(
      @ConfigProperty(name = "threadline.api-keys") Optional<String> keys,
      @ConfigProperty(name = "threadline.api-key") Optional<String> localKey) {
    keys.ifPresent(
        list -> {
          for (String pair : list.split(",")) {
            String[] parts = pair.trim().split(":", 2);
            if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
              throw new IllegalArgumentException(
                  "threadline.api-keys entries must be key:tenant, not '" + pair + "'");
            }
            tenantByKey.put(parts[0].trim(), parts[1].trim());
          }
        });
    localKey.filter(k -> !k.isBlank()).ifPresent(k -> tenantByKey.put(k.trim(), "local"));
  }

  /** The tenant of an {@code Authorization} header value, if it carries a known bearer key. */
  public Optional<String> tenantOf(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.empty();
    }
    return Optional.ofNullable(tenantByKey.get(authorization.substring(7).trim()));
  }

  public boolean isEmpty() {
    return tenantByKey.isEmpty();
  }
}
