package dev.threadline.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.resource.IriResourceLoader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * JSON Schemas that tenants and tool servers write — a tool's arguments, a model's reply format —
 * held to draft 2020-12 by a maintained validator (networknt), rather than a subset of our own: a
 * tool schema may use {@code $ref} into its {@code $defs}, {@code anyOf}, {@code oneOf}, {@code
 * const} and formats (asserted, so a {@code date} that is not one is refused).
 *
 * <p>Nothing a schema says makes a service fetch a URL: no loader that follows a {@code $ref} over
 * the network is configured (one the library would add is removed), so a schema naming one is an
 * error, not a way for a tenant to reach the executor's or the ingest's network. The meta-schemas
 * are the library's own, from the classpath.
 *
 * <p>The executor checks every call, and the same few schemas come back: compiled schemas and
 * meta-schema verdicts are cached by their text, at most {@value #CACHED} each (past that the cache
 * starts over).
 */
public final class JsonSchemas {
  private static final int CACHED = 256;

  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          builder ->
              builder
                  .schemaRegistryConfig(
                      SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build())
                  .resourceLoaders(
                      loaders ->
                          loaders.values(l -> l.removeIf(IriResourceLoader.class::isInstance))));

  private static final Schema META_SCHEMA =
      REGISTRY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));

  private static final Map<String, String> VERDICTS = new ConcurrentHashMap<>();
  private static final Map<String, Schema> COMPILED = new ConcurrentHashMap<>();

  private JsonSchemas() {}

  /** Why {@code schema} is not a draft 2020-12 JSON Schema, or empty when it is one. */
  public static Optional<String> notASchema(JsonNode schema) {
    String verdict =
        cached(
            VERDICTS,
            schema.toString(),
            text -> {
              List<Error> errors = META_SCHEMA.validate(schema);
              return errors.isEmpty() ? "" : errors.getFirst().toString();
            });
    return verdict.isEmpty() ? Optional.empty() : Optional.of(verdict);
  }

  /**
   * The first way {@code value} breaks {@code schema}, naming where ({@code field '/q': ...}), or
   * empty when it conforms. A schema that cannot be applied (a {@code $ref} it does not hold) is an
   * error too, never a pass.
   */
  public static Optional<String> firstError(JsonNode schema, JsonNode value) {
    try {
      List<Error> errors =
          cached(COMPILED, schema.toString(), text -> REGISTRY.getSchema(schema)).validate(value);
      return errors.isEmpty() ? Optional.empty() : Optional.of(described(errors.getFirst()));
    } catch (SchemaException e) {
      return Optional.of("the schema cannot be applied: " + e.getMessage());
    }
  }

  /** {@code field '/q': integer found, string expected}; at the top, the message alone. */
  private static String described(Error error) {
    String where = error.getInstanceLocation().toString();
    return where.isEmpty() ? error.getMessage() : "field '" + where + "': " + error.getMessage();
  }

  private static <V> V cached(Map<String, V> cache, String key, Function<String, V> make) {
    V known = cache.get(key);
    if (known != null) {
      return known;
    }
    if (cache.size() >= CACHED) {
      cache.clear();
    }
    V made = make.apply(key);
    cache.put(key, made);
    return made;
  }
}
