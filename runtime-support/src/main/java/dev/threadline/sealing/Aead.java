package dev.threadline.sealing;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM from the JDK's JCA provider (no cipher of our own), in the one layout every sealed
 * thing here uses: a random 12-byte nonce, then the ciphertext with its 16-byte tag, bound to
 * associated data that names what was sealed, so a sealed value moved elsewhere does not open.
 */
public final class Aead {
  private static final int NONCE = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private Aead() {}

  /** A new random 256-bit key. */
  public static byte[] newKey() {
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    return key;
  }

  /** A key written in standard or URL-safe base64, as the operator's keys are configured. */
  public static byte[] decode(String base64Key) {
    String trimmed = base64Key.trim();
    return trimmed.contains("-") || trimmed.contains("_")
        ? java.util.Base64.getUrlDecoder().decode(trimmed)
        : java.util.Base64.getDecoder().decode(trimmed);
  }

  public static SecretKey key(byte[] bytes) {
    if (bytes.length != 32) {
      throw new IllegalArgumentException("an AES-256 key is 32 bytes, not " + bytes.length);
    }
    return new SecretKeySpec(bytes, "AES");
  }

  public static byte[] seal(SecretKey key, byte[] plaintext, byte[] aad) {
    try {
      byte[] nonce = new byte[NONCE];
      RANDOM.nextBytes(nonce);
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(aad);
      byte[] sealed = cipher.doFinal(plaintext);
      return ByteBuffer.allocate(NONCE + sealed.length).put(nonce).put(sealed).array();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is not available", e);
    }
  }

  /**
   * @throws GeneralSecurityException when {@code sealed} was not sealed with this key and data
   */
  public static byte[] open(SecretKey key, byte[] sealed, byte[] aad)
      throws GeneralSecurityException {
    if (sealed.length < NONCE + TAG_BITS / 8) {
      throw new GeneralSecurityException("too short to be sealed");
    }
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE));
    cipher.updateAAD(aad);
    return cipher.doFinal(sealed, NONCE, sealed.length - NONCE);
  }
}
