package dev.threadline.config;

import dev.threadline.sealing.Aead;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * Secrets at rest: envelope encryption with the operator's key ({@code threadline.secrets.key} /
 * {@code THREADLINE_SECRETS_KEY}, 32 bytes in base64). Each value gets a fresh 256-bit data key;
 * the value is encrypted with it and the data key with the operator's key, both AES-256-GCM from
 * the JDK's JCA provider (no cipher of our own), both bound to a context — the tenant and the
 * variable's name — so a sealed value moved to another tenant or name does not open. What is stored
 * on topics and in stores is only ever the sealed form, {@value #PREFIX}{@code <base64url>}.
 */
public final class SecretBox {
  public static final String PREFIX = "tlsec1:";
  private static final SecureRandom RANDOM = new SecureRandom();
  private final SecretKey key;

  private SecretBox(byte[] key) {
    if (key.length != 32) {
      throw new IllegalArgumentException(
          "threadline.secrets.key must be 32 bytes in base64, not " + key.length + " bytes");
    }
    this.key = new SecretKeySpec(key, "AES");
  }

  /** The box of {@code base64Key} (standard or URL-safe base64 of 32 bytes). */
  public static SecretBox of(String base64Key) {
    return new SecretBox(Aead.decode(base64Key));
  }

  /** The operator's box, if a key is configured. */
  public static Optional<SecretBox> fromSettings(
      Map<String, String> settings, Map<String, String> env) {
    String key = settings.getOrDefault("threadline.secrets.key", env.get("THREADLINE_SECRETS_KEY"));
    return key == null || key.isBlank() ? Optional.empty() : Optional.of(of(key));
  }

  /** A new random key, as {@code threadline.secrets.key} takes it. */
  public static String newKey() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  public static boolean isSealed(String value) {
    return value != null && value.startsWith(PREFIX);
  }

  /** {@code plaintext} sealed for {@code context} (e.g. {@code tenant/NAME}). */
  public String seal(String plaintext, String context) {
    byte[] dataKey = Aead.newKey();
    byte[] aad = context.getBytes(StandardCharsets.UTF_8);
    byte[] wrapped = Aead.seal(key, dataKey, aad);
    byte[] value = Aead.seal(Aead.key(dataKey), plaintext.getBytes(StandardCharsets.UTF_8), aad);
    ByteBuffer out = ByteBuffer.allocate(2 + wrapped.length + value.length);
    out.putShort((short) wrapped.length).put(wrapped).put(value);
    return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(out.array());
  }

  /** The plaintext of {@code sealed}, sealed for {@code context} with this box's key. */
  public String open(String sealed, String context) {
    try {
      if (!isSealed(sealed)) {
        throw new IllegalArgumentException("not a sealed value");
      }
      ByteBuffer in =
          ByteBuffer.wrap(Base64.getUrlDecoder().decode(sealed.substring(PREFIX.length())));
      byte[] wrapped = new byte[in.getShort()];
      in.get(wrapped);
      byte[] value = new byte[in.remaining()];
      in.get(value);
      byte[] aad = context.getBytes(StandardCharsets.UTF_8);
      byte[] dataKey = Aead.open(key, wrapped, aad);
      return new String(Aead.open(Aead.key(dataKey), value, aad), StandardCharsets.UTF_8);
    } catch (GeneralSecurityException | RuntimeException e) {
      // Never the value, never the key: only that it does not open here.
      throw new IllegalStateException("a secret cannot be opened with this key and context");
    }
  }
}
