package dev.threadline.config;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Bearer API keys and the tenants they belong to, shared by every HTTP service: {@code
 * threadline.api-keys=key1:tenantA,key2:tenantB} and, for a single local key, {@code
 * THREADLINE_API_KEY} / {@code threadline.api-key} (tenant {@value #LOCAL_TENANT}); and those of a
 * file read again when it changes ({@link KeyFile}), so keys change without a restart. A key may be
 * given as its SHA-256 ({@code sha256:<hex>:tenant}): keys are held and compared as digests only.
 */
public final class ApiKeys {
  public static final String LOCAL_TENANT = "local";

  /** The tenant a Threadline service acts for when it presents the internal token. */
  public static final String TENANT_HEADER = "X-Threadline-Tenant";

  /** How long a {@link #tenantPass} is good for. */
  public static final java.time.Duration PASS_LIFETIME = java.time.Duration.ofMinutes(5);

  private static final String PASS_PREFIX = "tlpass.";

  /** The header the LangGraph SDKs and many API clients send a key in, instead of a bearer. */
  public static final String API_KEY_HEADER = "x-api-key";

  /**
   * What a known key is: its tenant, whether it may only read, and the agents whose threads it
   * reaches (empty: every agent's — a key for the whole tenant).
   */
  public record Key(String tenant, boolean readOnly, Set<String> agents) {
    public Key {
      agents = Set.copyOf(agents);
    }

    /** A key for every agent of its tenant. */
    public Key(String tenant, boolean readOnly) {
      this(tenant, readOnly, Set.of());
    }

    /** Whether this key reaches the threads of {@code agent}. */
    public boolean reaches(String agent) {
      return agents.isEmpty() || agents.contains(agent);
    }

    /** Whether this key reaches only some agents' threads. */
    public boolean scoped() {
      return !agents.isEmpty();
    }
  }

  private final List<KeyEntry> entries;
  private final byte[] internal;
  private final KeyFile file;

  private ApiKeys(List<KeyEntry> entries, byte[] internal, KeyFile file) {
    this.entries = List.copyOf(entries);
    this.internal = internal;
    this.file = file;
  }

  /**
   * These keys and those of {@code path} ({@code threadline.api-keys.file}), read again when it
   * changes, at most once an {@code interval} ({@link KeyFile}).
   *
   * @throws IllegalArgumentException for a file that cannot be read, or a line that is no key
   */
  public ApiKeys withKeyFile(java.nio.file.Path path, java.time.Duration interval) {
    return new ApiKeys(entries, internal, KeyFile.open(path, interval));
  }

  /**
   * These keys and those of the file {@code path} names ({@code threadline.api-keys.file}), checked
   * for a change every second; these keys alone when it is null or blank.
   */
  public ApiKeys withKeyFile(String path) {
    return path == null || path.isBlank()
        ? this
        : withKeyFile(java.nio.file.Path.of(path.trim()), KeyFile.CHECKED_EVERY);
  }

  /**
   * The SHA-256 of {@code key}, in hex: how a key file or setting may name it, {@code sha256:…}.
   */
  public static String hash(String key) {
    return HexFormat.of().formatHex(digest(key));
  }

  /**
   * These keys and {@code token} ({@code threadline.internal.token}): the services' own credential,
   * with which one acts for the tenant it names in {@value #TENANT_HEADER} (the executor reading a
   * tool's thread). Null or blank: none.
   */
  public ApiKeys withInternalToken(String token) {
    return new ApiKeys(
        entries, token == null || token.isBlank() ? null : digest(token.trim()), file);
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
   * Parses the two settings (either may be null or blank): {@code threadline.api-keys} entries are
   * {@code key:tenant} or {@code sha256:<hex>:tenant} ({@link #hash}), comma-separated, each with
   * {@code :read} (it only reads) and {@code :agents=a|b} (it reaches only those agents' threads)
   * after the tenant if it is limited so.
   *
   * @throws IllegalArgumentException for an entry that is neither
   */
  public static ApiKeys parse(String keys, String localKey) {
    List<KeyEntry> entries = new ArrayList<>();
    if (keys != null && !keys.isBlank()) {
      int n = 0;
      for (String pair : keys.split(",")) {
        n++;
        KeyEntry entry = KeyEntry.of(pair);
        if (entry == null) {
          throw new IllegalArgumentException(
              "threadline.api-keys entry " + n + " is neither " + KeyEntry.FORMS);
        }
        entries.add(entry);
      }
    }
    if (localKey != null && !localKey.isBlank()) {
      entries.add(new KeyEntry(digest(localKey.trim()), LOCAL_TENANT, false, Set.of()));
    }
    return new ApiKeys(entries, null, null);
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
    return keyOf(authorization).map(Key::tenant);
  }

  /** The key an {@code Authorization} header value carries, if it is a known bearer key. */
  public Optional<Key> keyOf(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.empty();
    }
    byte[] presented = digest(authorization.substring(7).trim());
    KeyEntry found = match(entries, presented, null);
    found = file == null ? found : match(file.entries(), presented, found);
    return Optional.ofNullable(found).map(e -> new Key(e.tenant(), e.readOnly(), e.agents()));
  }

  /** The entry of {@code in} whose digest is {@code presented}, else {@code found}. */
  private static KeyEntry match(List<KeyEntry> in, byte[] presented, KeyEntry found) {
    KeyEntry match = found;
    for (KeyEntry entry : in) {
      if (MessageDigest.isEqual(entry.digest(), presented)) {
        match = entry;
      }
    }
    return match;
  }

  /**
   * A bearer credential, signed with the internal token, that reads for {@code tenant} alone and
   * only until {@link #PASS_LIFETIME} from {@code now}: what a service presents to another instead
   * of the token itself, so that a request seen on the wire, in a proxy's log or by a tool gives
   * one tenant's reads for minutes, never the token (empty without one).
   */
  public Optional<String> tenantPass(String tenant, java.time.Instant now) {
    String encoded =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(tenant.getBytes(StandardCharsets.UTF_8));
    String body = encoded + "." + now.plus(PASS_LIFETIME).getEpochSecond();
    return sign(PASS_PREFIX + body).map(signature -> PASS_PREFIX + body + "." + signature);
  }

  /**
   * The tenant an {@code Authorization} value's pass ({@link #tenantPass}) reads for, if it is one
   * this deployment's token signed and it has not expired at {@code now}.
   */
  public Optional<String> passTenant(String authorization, java.time.Instant now) {
    if (authorization == null
        || !authorization.regionMatches(
            true, 0, "Bearer " + PASS_PREFIX, 0, 7 + PASS_PREFIX.length())) {
      return Optional.empty();
    }
    // tlpass.<tenant, base64url>.<expires, epoch seconds>.<signature of all before it>
    String[] parts = authorization.substring(7 + PASS_PREFIX.length()).trim().split("\\.", -1);
    if (parts.length != 3 || !verify(PASS_PREFIX + parts[0] + "." + parts[1], parts[2])) {
      return Optional.empty();
    }
    try {
      return now.getEpochSecond() < Long.parseLong(parts[1])
          ? Optional.of(new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8))
          : Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // a signature that holds on a malformed body: trust none of it
    }
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
    return entries.isEmpty() && (file == null || file.entries().isEmpty());
  }

  static byte[] digest(String key) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
