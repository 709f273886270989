package dev.threadline.config;

import java.util.Map;

/**
 * Reading one setting's value from a service's settings: a whole number, a size, a required string
 * — each an error naming the key when it is not one. Apart from {@link Settings}, which loads the
 * settings (and knows the Kafka clients' and the registry's names), so that what only reads them —
 * the limits, the budgets, the file quota the thread machine holds — reaches nothing of Kafka.
 */
public final class SettingValues {
  private SettingValues() {}

  /** A whole number, or {@code defaultValue} when unset; otherwise an error naming the key. */
  public static long longOf(Map<String, ?> settings, String key, long defaultValue) {
    Object value = settings.get(key);
    try {
      return value == null ? defaultValue : Long.parseLong(value.toString().trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a whole number, not '" + value + "'");
    }
  }

  /** A size in bytes: a whole number of 0 (which turns off what it sizes) or more. */
  public static long bytes(Map<String, ?> settings, String key, long defaultValue) {
    long value = longOf(settings, key, defaultValue);
    if (value < 0) {
      throw new IllegalArgumentException(key + " must be 0 (off) or more, not " + value);
    }
    return value;
  }

  public static String required(Map<String, String> settings, String key) {
    String value = settings.get(key);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("missing required setting '" + key + "'");
    }
    return value;
  }
}
