package dev.threadline.executor.code;

import dev.threadline.executor.code.JsValues.JsMap;
import dev.threadline.executor.code.JsValues.TypedArray;
import dev.threadline.executor.code.JsValues.Undefined;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * Copies values across the sandbox's edge, both ways, by structured clone (spec §13.3): nothing is
 * shared, a host function becomes a callable that returns a promise, and what has no clone — a
 * class instance, a function leaving the sandbox, a symbol, a cycle — is refused with a {@link
 * SerializationError}. Runs on the sandbox's thread only; reads go through the helper's captured
 * intrinsics.
 */
final class Marshal {
  /** The most values one copy may hold. */
  static final int MAX_VALUES = 100_000;

  private static final int MAX_DEPTH = 64;
  private final Value helper;
  private final Function<HostFunction, ProxyExecutable> bridge;
  private int copied;

  Marshal(Value helper, Function<HostFunction, ProxyExecutable> bridge) {
    this.helper = helper;
    this.bridge = bridge;
  }

  /** Thrown when a value cannot cross the edge. */
  static final class SerializationError extends RuntimeException {
    SerializationError(String message) {
      super(message);
    }
  }

  /** {@code value} as a fresh sandbox value. */
  Object toGuest(Object value) {
    copied = 0;
    return guest(value, 0);
  }

  /** {@code value} (a sandbox value) as a host value. */
  Object toHost(Value value) {
    copied = 0;
    return host(value, 0);
  }

  private Object guest(Object value, int depth) {
    count(depth);
    if (value == null || value instanceof String || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Undefined) {
      return helper.getMember("undefinedValue");
    }
    if (value instanceof Integer
        || value instanceof Long
        || value instanceof Double
        || value instanceof Float
        || value instanceof Short
        || value instanceof Byte) {
      return value;
    }
    if (value instanceof BigInteger big) {
      return helper.invokeMember("bigint", big.toString());
    }
    if (value instanceof Instant instant) {
      return helper.invokeMember("date", (double) instant.toEpochMilli());
    }
    if (value instanceof HostFunction function) {
      return helper.invokeMember("callable", bridge.apply(function));
    }
    if (value instanceof JsMap map) {
      Value target = helper.invokeMember("map");
      map.entries()
          .forEach(
              (k, v) ->
                  helper.invokeMember("mapSet", target, guest(k, depth + 1), guest(v, depth + 1)));
      return target;
    }
    if (value instanceof TypedArray typed) {
      Value target = helper.invokeMember("typed", typed.type(), typed.values().size());
      for (int i = 0; i < typed.values().size(); i++) {
        target.setArrayElement(i, guest(typed.values().get(i), depth + 1));
      }
      return target;
    }
    if (value instanceof byte[] bytes) {
      Value target = helper.invokeMember("typed", "Uint8Array", bytes.length);
      for (int i = 0; i < bytes.length; i++) {
        target.setArrayElement(i, bytes[i] & 0xff);
      }
      return target;
    }
    if (value instanceof Map<?, ?> map) {
      Value target = helper.invokeMember("object");
      map.forEach(
          (k, v) -> helper.invokeMember("define", target, String.valueOf(k), guest(v, depth + 1)));
      return target;
    }
    if (value instanceof Set<?> set) {
      Value target = helper.invokeMember("set");
      set.forEach(v -> helper.invokeMember("setAdd", target, guest(v, depth + 1)));
      return target;
    }
    if (value instanceof Collection<?> list) {
      Value target = helper.invokeMember("array");
      int i = 0;
      for (Object element : list) {
        helper.invokeMember("define", target, i++, guest(element, depth + 1));
      }
      return target;
    }
    throw new SerializationError(
        "a "
            + value.getClass().getSimpleName()
            + " cannot enter the sandbox: only plain data and"
            + " host functions can");
  }

  private Object host(Value value, int depth) {
    count(depth);
    String kind = helper.invokeMember("kind", value).asString();
    return switch (kind) {
      case "undefined" -> Undefined.INSTANCE;
      case "null" -> null;
      case "boolean" -> value.asBoolean();
      case "string" -> value.asString();
      case "number" -> number(value);
      case "bigint" -> value.asBigInteger();
      case "array" -> list(value, depth);
      case "object" -> object(value, depth);
      case "map" -> {
        Map<Object, Object> entries = new LinkedHashMap<>();
        Value flat = helper.invokeMember("mapEntries", value);
        for (long i = 0; i + 1 < flat.getArraySize(); i += 2) {
          entries.put(
              host(flat.getArrayElement(i), depth + 1),
              host(flat.getArrayElement(i + 1), depth + 1));
        }
        yield new JsMap(entries);
      }
      case "set" -> new LinkedHashSet<>(list(helper.invokeMember("setValues", value), depth));
      case "date" -> {
        double ms = helper.invokeMember("time", value).asDouble();
        if (Double.isNaN(ms)) {
          throw new SerializationError("an invalid Date cannot leave the sandbox");
        }
        yield Instant.ofEpochMilli((long) ms);
      }
      case "typed" ->
          new TypedArray(helper.invokeMember("typedName", value).asString(), list(value, depth));
      case "function" -> throw new SerializationError("a function cannot leave the sandbox");
      case "symbol" -> throw new SerializationError("a symbol cannot leave the sandbox");
      default ->
          throw new SerializationError(
              "a class instance (or a WeakMap, WeakRef, DataView, Proxy of one) cannot leave the"
                  + " sandbox: return plain objects, arrays, Map, Set, Date or typed arrays");
    };
  }

  private static Object number(Value value) {
    if (value.fitsInInt()) {
      return value.asInt();
    }
    if (value.fitsInLong()) {
      return value.asLong();
    }
    return value.asDouble();
  }

  private List<Object> list(Value array, int depth) {
    List<Object> out = new ArrayList<>();
    for (long i = 0; i < array.getArraySize(); i++) {
      out.add(host(array.getArrayElement(i), depth + 1));
    }
    return out;
  }

  private Map<String, Object> object(Value object, int depth) {
    Map<String, Object> out = new LinkedHashMap<>();
    Value keys = helper.invokeMember("keys", object);
    for (long i = 0; i < keys.getArraySize(); i++) {
      String key = keys.getArrayElement(i).asString();
      out.put(key, host(object.getMember(key), depth + 1));
    }
    return out;
  }

  private void count(int depth) {
    if (depth > MAX_DEPTH) {
      throw new SerializationError(
          "a value nested deeper than "
              + MAX_DEPTH
              + " levels (or a cycle) cannot cross the sandbox's edge");
    }
    if (++copied > MAX_VALUES) {
      throw new SerializationError(
          "a value of more than " + MAX_VALUES + " parts cannot cross the sandbox's edge");
    }
  }
}
