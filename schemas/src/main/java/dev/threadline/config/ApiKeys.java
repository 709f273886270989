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

  /** The tenant a Threadline service acts for when it presents the internal token. */
  public static final String TENANT_HEADER = "X-Threadline-Tenant";

  /** A key's SHA-256 digest and its tenant: keys are held, and compared, only as digests. */
  private record Entry(byte[] digest, String tenant) {}

  private final List<Entry> entries;
  private final byte[] internal;

  private ApiKeys(List<Entry> entries, byte[] internal) {
    this.entries = List.copyOf(entries);
    this.internal = internal;
  }

  /**
   * These keys and {@code token} ({@code threadline.internal.token}): the services' own credential,
   * with which one acts for the tenant it names in {@value #TENANT_HEADER} (the executor reading a
   * tool's thread). Null or blank: none.
   */
  public ApiKeys withInternalToken(String token) {
    return new ApiKeys(entries, token == null || token.isBlank() ? null : digest(token.trim()));
  }

  /** Whether {@code authorization} presents the internal token (compared in constant time). */
  public boolean isInternal(String authorization) {
    if (internal == null
        || authorization == null
        || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    return MessageDigest.isEqual(internal, digest(authorization.substring(7).trim()));
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
    List<Entry> entries = new ArrayList<>();
    tenantByKey.forEach((key, tenant) -> entries.add(new Entry(digest(key), tenant)));
    return new ApiKeys(entries, null);
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
