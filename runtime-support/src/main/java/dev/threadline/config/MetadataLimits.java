package dev.threadline.config;

import java.util.Map;

/**
 * What a change of a thread's metadata may hold: checked at the door and by the step processor
 * alike (a producer writing {@code SetMetadata} itself is held to it too).
 */
public final class MetadataLimits {
  /** The most entries one change may name. */
  public static final int MAX_ENTRIES = 64;

  /** The longest key. */
  public static final int MAX_KEY = 256;

  /** The longest value: the summary keeps short entries only, and this one travels in the log. */
  public static final int MAX_VALUE = 4_096;

  private MetadataLimits() {}

  /** Why {@code changes} (a null value removes its entry) cannot be made, or null. */
  public static String refusal(Map<String, String> changes) {
    if (changes.isEmpty()) {
      return "a metadata change names at least one entry";
    }
    if (changes.size() > MAX_ENTRIES) {
      return "a metadata change names at most " + MAX_ENTRIES + " entries, not " + changes.size();
    }
    for (Map.Entry<String, String> e : changes.entrySet()) {
      if (e.getKey().isBlank() || e.getKey().length() > MAX_KEY) {
        return "a metadata key is 1 to " + MAX_KEY + " characters and not blank";
      }
      if (e.getValue() != null && e.getValue().length() > MAX_VALUE) {
        return "metadata '" + e.getKey() + "' is longer than " + MAX_VALUE + " characters";
      }
    }
    return null;
  }
}
