package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.threadline.ingest.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.stream.Collectors;

/**
 * A JSON request body read into its typed record and validated (Hibernate Validator), so every
 * field is what its record says or the request is refused naming it (422): a number where text
 * belongs is not turned into text, text where an object belongs is not dropped, a field the body
 * does not have is not ignored, and each record's constraints hold. Malformed JSON is a 400.
 */
@ApplicationScoped
public class TypedBody {
  private static final ObjectMapper STRICT = strict();
  private final Validator validator;

  public TypedBody(Validator validator) {
    this.validator = validator;
  }

  /**
   * {@code body} as a {@code type}, every field checked; {@code prefix} goes before field names.
   */
  public <T> T read(String body, Class<T> type, String prefix) {
    T value =
        shape(() -> STRICT.readValue(body == null || body.isBlank() ? "{}" : body, type), prefix);
    return valid(value, prefix);
  }

  /** {@code node} as a {@code type}, every field checked; {@code prefix} goes before names. */
  public <T> T read(JsonNode node, Class<T> type, String prefix) {
    return valid(shape(node, type, prefix), prefix);
  }

  /**
   * {@code node} as a {@code type}, each field of its type and none other, without the record's
   * constraints: for readers that hold the value to rules of their own.
   */
  public static <T> T shape(JsonNode node, Class<T> type, String prefix) {
    return shape(() -> STRICT.readValue(STRICT.treeAsTokens(node), type), prefix);
  }

  private interface Reading<T> {
    T read() throws java.io.IOException;
  }

  private static <T> T shape(Reading<T> reading, String prefix) {
    try {
      return reading.read();
    } catch (UnrecognizedPropertyException e) {
      throw Problem.invalid(
          named(prefix, field(e)),
          "not a field of this request; it has "
              + e.getKnownPropertyIds().stream()
                  .map(Object::toString)
                  .sorted()
                  .collect(Collectors.joining(", ")));
    } catch (JsonMappingException e) {
      throw Problem.invalid(named(prefix, field(e)), "must be " + expected(e));
    } catch (JsonProcessingException e) {
      throw Problem.badRequest("malformed JSON: " + e.getOriginalMessage());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private <T> T valid(T value, String prefix) {
    var violation =
        validator.validate(value).stream()
            .min(Comparator.comparing((ConstraintViolation<T> v) -> v.getPropertyPath().toString()))
            .orElse(null);
    if (violation != null) {
      throw Problem.invalid(prefix + violation.getPropertyPath(), violation.getMessage());
    }
    return value;
  }

  /** A field's name under {@code prefix}: {@code message.} and {@code $} name {@code message}. */
  private static String named(String prefix, String field) {
    return field.equals("$") && prefix.endsWith(".")
        ? prefix.substring(0, prefix.length() - 1)
        : prefix + field;
  }

  /** The field a mapping error is about, as {@code a.b[0].c}; {@code $} for the body itself. */
  private static String field(JsonMappingException e) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        path.append(path.isEmpty() ? "" : ".").append(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        path.append('[').append(r.getIndex()).append(']');
      }
    }
    return path.isEmpty() ? "$" : path.toString();
  }

  /** What a field of the type {@code e} wanted is, in the words of the API. */
  private static String expected(JsonMappingException e) {
    Class<?> type =
        e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m
            ? m.getTargetType()
            : null;
    if (type == null && e.getCause() instanceof InputCoercionException tooBig) {
      return "a whole number of at most "
          + (tooBig.getTargetType() == Integer.TYPE ? Integer.MAX_VALUE : Long.MAX_VALUE);
    }
    if (type == null) {
      return "of another type";
    }
    if (CharSequence.class.isAssignableFrom(type)) {
      return "text";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
      return "a whole number";
    }
    if (java.util.Collection.class.isAssignableFrom(type)
        || com.fasterxml.jackson.databind.node.ArrayNode.class.isAssignableFrom(type)) {
      return "a JSON array";
    }
    return "a JSON object";
  }

  private static ObjectMapper strict() {
    ObjectMapper mapper =
        JsonMapper.builder()
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();
    // A number or a boolean is not text, a number is not a boolean, a fraction is no whole number.
    CoercionInputShape[] notText = {
      CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean
    };
    for (CoercionInputShape shape : notText) {
      mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
    }
    mapper
        .coercionConfigFor(LogicalType.Boolean)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
    mapper
        .coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    return mapper;
  }
}
