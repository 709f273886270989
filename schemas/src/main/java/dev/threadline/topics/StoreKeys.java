package dev.threadline.topics;

import java.util.List;

/**
 * The key of a store item on {@code store-items} and in the stores that keep them: {@code tenant
 * NUL label US label … NUL key}. A tenant's items sort together, and within them by namespace, so a
 * namespace prefix is a key range. Labels and keys hold no control characters ({@link #check}), so
 * no key reads two ways.
 */
public final class StoreKeys {
  private static final char SEP = '\u0000';
  private static final char LABEL = '\u001f';

  private StoreKeys() {}

  public static String key(String tenant, List<String> namespace, String key) {
    return tenant + SEP + String.join(String.valueOf(LABEL), namespace) + SEP + key;
  }

  /**
   * The first key of the items of {@code tenant} whose namespace begins with {@code prefix} (all of
   * the tenant's for an empty prefix).
   */
  public static String prefixStart(String tenant, List<String> prefix) {
    return prefix.isEmpty()
        ? tenant + SEP
        : tenant + SEP + String.join(String.valueOf(LABEL), prefix);
  }

  /** A key after every item of {@code tenant} whose namespace begins with {@code prefix}. */
  public static String prefixEnd(String tenant, List<String> prefix) {
    return prefix.isEmpty()
        ? tenant + '\u0001'
        : tenant + SEP + String.join(String.valueOf(LABEL), prefix) + '\u007f';
  }

  /**
   * Whether {@code namespace} begins with {@code prefix} label by label ({@code ["a", "b"]} begins
   * with {@code ["a"]}, {@code ["ab"]} does not): a prefix range holds both.
   */
  public static boolean hasPrefix(List<String> namespace, List<String> prefix) {
    return namespace.size() >= prefix.size() && namespace.subList(0, prefix.size()).equals(prefix);
  }

  /**
   * Why {@code text} cannot be a label or a key, or null: empty, or holding a control character.
   */
  public static String check(String text) {
    if (text == null || text.isEmpty()) {
      return "must not be empty";
    }
    for (int i = 0; i < text.length(); i++) {
      if (Character.isISOControl(text.charAt(i))) {
        return "must not hold control characters";
      }
    }
    return null;
  }
}
