package dev.threadline.config;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Bearer API keys and the tenants they belong to, shared by every HTTP service: {@code
 * threadline.api-keys=key1:tenantA,key2:tenantB} and, for a single local key, {@code
 * THREADLINE_API_KEY} / {@code threadline.api-key} (tenant {@value #LOCAL_TENANT}).
 */
public final class ApiKeys {
  public static final String LOCAL_TENANT = "local";

  /** A key's SHA-256 digest and its tenant: keys are held, and compared, only as digests. */
  private record Entry(byte[] digest, String tenant) {}

  private final List<Entry> entries;

  private ApiKeys(Map<String, String> tenantByKey) {
    List<Entry> list = new ArrayList<>();
    tenantByKey.forEach((key, tenant) -> list.add(new Entry(digest(key), tenant)));
    this.entries = List.copyOf(list);
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

  /**
   * The tenant of an {@code Authorization} header value, if it carries a known bearer key. The
   * presented key's digest is compared with every key's in constant time, so how long an answer
   * takes says nothing about how much of a key was right.
   */
  public Optional<String> tenantOf(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.empty();
    }
    byte[] presented = digest(authorization.substring(7).trim());
    String tenant = null;
    for (Entry entry : entries) {
      if (MessageDigest.isEqual(entry.digest(), presented)) {
        tenant = entry.tenant();
      }
    }
    return Optional.ofNullable(tenant);
  }

  public boolean isEmpty() {
    return entries.isEmpty();
  }

  private static byte[] digest(String key) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
