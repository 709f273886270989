package dev.threadline.config;

import java.util.Map;

/**
 * The caps of a thread's env, the same at the door and in the step processor: how many variables,
 * how long a value (a secret's sealed form included), and how many bytes the whole holds — the env
 * lives in the thread's state value, which must fit in one record whatever else it holds.
 */
public final class EnvLimits {
  public static final int MAX_VARIABLES = 64;

  /** The longest value (a secret's sealed form included), in characters. */
  public static final int MAX_VALUE_CHARS = 8_192;

  /** The UTF-8 bytes of every name and value together. */
  public static final int MAX_BYTES = 65_536;

  private EnvLimits() {}

  /** The bytes {@code env} (names to values) counts against {@link #MAX_BYTES}. */
  public static long bytes(Map<String, String> env) {
    long bytes = 0;
    for (var e : env.entrySet()) {
      bytes += Utf8.length(e.getKey()) + Utf8.length(e.getValue());
    }
    return bytes;
  }

  /** Why {@code env} (names to values) is more than a thread may hold, or null. */
  public static String refusal(Map<String, String> env) {
    if (env.size() > MAX_VARIABLES) {
      return "at most " + MAX_VARIABLES + " variables, not " + env.size();
    }
    long bytes = bytes(env);
    return bytes <= MAX_BYTES
        ? null
        : "the env is "
            + bytes
            + " bytes (names and values); a thread's env may hold "
            + MAX_BYTES
            + " (env.bytes)";
  }
}
