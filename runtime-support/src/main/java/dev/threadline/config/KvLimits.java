package dev.threadline.config;

/**
 * The caps of a thread's key-value store (spec §14), the same for the {@code set_value} tool and
 * for a value written from outside with a command: the error names the cap a write passed.
 */
public final class KvLimits {
  public static final int MAX_KEY_CHARS = 256;
  public static final int MAX_VALUE_CHARS = 65_536;

  /** Keys one thread's store may hold: 1,000 values of the largest size are ~64 MiB of disk. */
  public static final int MAX_KEYS = 1_000;

  private KvLimits() {}

  /** Why {@code key} cannot be a key, or null. */
  public static String keyRefusal(String key) {
    if (key == null || key.isEmpty()) {
      return "invalid_arguments: field 'key' must be a non-empty string";
    }
    if (key.length() > MAX_KEY_CHARS) {
      return "limit_exceeded: key is "
          + key.length()
          + " characters; the key limit is "
          + MAX_KEY_CHARS;
    }
    return null;
  }

  /** Why a new key cannot be added to a store that holds {@code held} keys, or null. */
  public static String keysRefusal(int held) {
    if (held >= MAX_KEYS) {
      return "limit_exceeded: the thread's key-value store holds "
          + held
          + " keys, the most it may; set one to null to delete it before adding another";
    }
    return null;
  }

  /** Why {@code valueJson} cannot be stored, or null (null deletes, and always may). */
  public static String valueRefusal(String valueJson) {
    if (valueJson != null && valueJson.length() > MAX_VALUE_CHARS) {
      return "limit_exceeded: value is "
          + valueJson.length()
          + " characters; the value limit is "
          + MAX_VALUE_CHARS;
    }
    return null;
  }
}
