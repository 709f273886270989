package dev.threadline.config;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Bearer API keys and the tenants they belong to, shared by every HTTP service: {@code
 * threadline.api-keys=key1:tenantA,key2:tenantB} and, for a single local key, {@code
 * THREADLINE_API_KEY} / {@code threadline.api-key} (tenant {@value #LOCAL_TENANT}).
 */
public final class ApiKeys {
  public static final String LOCAL_TENANT = "local";

  /** The tenant a Threadline service acts for when it presents the internal token. */
  public static final String TENANT_HEADER = "X-Threadline-Tenant";

  /** The header the LangGraph SDKs and many API clients send a key in, instead of a bearer. */
  public static final String API_KEY_HEADER = "x-api-key";

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
   * The credential a request presents, as an {@code Authorization} value: that header, or else a
   * key sent in {@value #API_KEY_HEADER} as a bearer (null: neither).
   */
  public static String credential(String authorization, String apiKey) {
    if (authorization != null && !authorization.isBlank()) {
      return authorization;
    }
    return apiKey == null || apiKey.isBlank() ? null : "Bearer " + apiKey.trim();
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

  /**
   * {@code payload} signed with the internal token (HMAC-SHA256 keyed by its digest), or empty when
   * there is none: how one service instance vouches for a request to another without sending a
   * credential.
   */
  public Optional<String> sign(String payload) {
    if (internal == null) {
      return Optional.empty();
    }
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(internal, "HmacSHA256"));
      byte[] signature = mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
      return Optional.of(Base64.getUrlEncoder().withoutPadding().encodeToString(signature));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Whether {@code signature} is {@code payload}'s {@link #sign}ature (in constant time). */
  public boolean verify(String payload, String signature) {
    return signature != null
        && sign(payload)
            .map(
                expected ->
                    MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8),
                        signature.getBytes(StandardCharsets.UTF_8)))
            .orElse(false);
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
