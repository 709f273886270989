package dev.threadline.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Bearer API keys and the tenants they belong to, shared by every HTTP service: {@code
 * threadline.api-keys=key1:tenantA,key2:tenantB} and, for a single local key, {@code
 * THREADLINE_API_KEY} / {@code threadline.api-key} (tenant {@value #LOCAL_TENANT}).
 */
public final class ApiKeys {
  public static final String LOCAL_TENANT = "local";
  private final Map<String, String> tenantByKey;

  private ApiKeys(Map<String, String> tenantByKey) {
    this.tenantByKey = Map.copyOf(tenantByKey);
  }

  /**
   * Parses the two settings (either may be null or blank).
   *
   * @throws IllegalArgumentException for an entry that is not {@code key:tenant}
   */
  public static ApiKeys parse(String keys, String localKey) {
    Map<String, String> tenantByKey = new HashMap<>();
    if (keys != null && !keys.isBlank()) {
      for (String pair : keys.split(",")) {
        String[] parts = pair.trim().split(":", 2);
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
          throw new IllegalArgumentException(
              "threadline.api-keys entries must be key:tenant, not '" + pair + "'");
        }
        tenantByKey.put(parts[0].trim(), parts[1].trim());
      }
    }
    if (localKey != null && !localKey.isBlank()) {
      tenantByKey.put(localKey.trim(), LOCAL_TENANT);
    }
    return new ApiKeys(tenantByKey);
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
