package dev.threadline.executor.code;

import java.util.List;
import java.util.Map;

/**
 * The host's form of the sandbox values that have no plain Java counterpart. A plain object is a
 * {@code Map<String, Object>}, an array a {@code List}, a {@code Set} a {@code Set}, a {@code Date}
 * an {@code Instant}, a {@code bigint} a {@code BigInteger}; these are the rest.
 */
public final class JsValues {
  private JsValues() {}

  /** {@code undefined}, as distinct from {@code null}. */
  public enum Undefined {
    INSTANCE
  }

  /** A JavaScript {@code Map}: any keys, in insertion order. */
  public record JsMap(Map<Object, Object> entries) {}

  /** A typed array: its type's name ({@code Uint8Array} …) and its elements. */
  public record TypedArray(String type, List<Object> values) {}
}
