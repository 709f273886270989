package dev.threadline.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Set;

/**
 * A search's filter on item values, as LangGraph's store takes it: each entry names a top-level
 * field of the value and either the value it must equal, or an object of comparisons — {@code $eq},
 * {@code $ne}, {@code $gt}, {@code $gte}, {@code $lt}, {@code $lte} (numbers compare as numbers,
 * text as text; a comparison of a number with text, or of a missing field, does not hold).
 */
public record StoreFilter(JsonNode entries) {
  public static final StoreFilter NONE = new StoreFilter(null);
  private static final Set<String> OPERATORS = Set.of("$eq", "$ne", "$gt", "$gte", "$lt", "$lte");

  /** Why {@code filter} is no filter, or null: it must be an object of known comparisons. */
  public static String check(JsonNode filter) {
    if (filter == null || filter.isNull() || filter.isMissingNode()) {
      return null;
    }
    if (!filter.isObject()) {
      return "an object of the fields values must have";
    }
    for (Map.Entry<String, JsonNode> e : filter.properties()) {
      if (isComparisons(e.getValue())) {
        for (String op : (Iterable<String>) e.getValue()::fieldNames) {
          if (!OPERATORS.contains(op)) {
            return "field '"
                + e.getKey()
                + "': unknown comparison "
                + op
                + "; use one of "
                + OPERATORS;
          }
        }
      }
    }
    return null;
  }

  public boolean matches(JsonNode value) {
    if (entries == null || entries.isNull() || entries.isMissingNode()) {
      return true;
    }
    for (Map.Entry<String, JsonNode> e : entries.properties()) {
      JsonNode actual = value.get(e.getKey());
      JsonNode wanted = e.getValue();
      if (isComparisons(wanted)) {
        for (Map.Entry<String, JsonNode> c : wanted.properties()) {
          if (!holds(c.getKey(), actual, c.getValue())) {
            return false;
          }
        }
      } else if (!wanted.equals(actual)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isComparisons(JsonNode wanted) {
    if (!wanted.isObject() || wanted.isEmpty()) {
      return false;
    }
    for (String name : (Iterable<String>) wanted::fieldNames) {
      if (!name.startsWith("$")) {
        return false;
      }
    }
    return true;
  }

  private static boolean holds(String op, JsonNode actual, JsonNode operand) {
    if (op.equals("$eq")) {
      return operand.equals(actual);
    }
    if (op.equals("$ne")) {
      return !operand.equals(actual);
    }
    Integer order = compare(actual, operand);
    if (order == null) {
      return false;
    }
    return switch (op) {
      case "$gt" -> order > 0;
      case "$gte" -> order >= 0;
      case "$lt" -> order < 0;
      case "$lte" -> order <= 0;
      default -> false;
    };
  }

  private static Integer compare(JsonNode actual, JsonNode operand) {
    if (actual == null) {
      return null;
    }
    if (actual.isNumber() && operand.isNumber()) {
      return actual.decimalValue().compareTo(operand.decimalValue());
    }
    if (actual.isTextual() && operand.isTextual()) {
      return actual.asText().compareTo(operand.asText());
    }
    return null;
  }
}
