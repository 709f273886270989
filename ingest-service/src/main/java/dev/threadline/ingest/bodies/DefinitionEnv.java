package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.EnvValue;
import dev.threadline.config.SecretBox;
import dev.threadline.ingest.IngestSecrets;
import dev.threadline.ingest.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Env values a definition gives (an agent's {@code env}, a tool entry's {@code env}, a prompt's
 * {@code env}): {@code {"NAME": "value" | {"value": "...", "secret": true}}}, read as given, then
 * sealed before the definition is stored — a declared secret's value too, whatever form it came in.
 */
public final class DefinitionEnv {
  private DefinitionEnv() {}

  /** How a variable's name is written. */
  static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

  /** What a variable's name may be, for a 422. */
  static final String VARIABLE_RULE = "a letter or _ then up to 63 of A-Z a-z 0-9 _";

  /** {@code parent.env}, as given (secrets not sealed yet); 422 naming the field. */
  static Map<String, EnvValue> read(JsonNode parent, String prefix) {
    JsonNode given = parent.get("env");
    if (given == null || given.isNull()) {
      return new TreeMap<>();
    }
    if (!given.isObject()) {
      throw Problem.invalid(prefix + "env", "an object of variable names to values");
    }
    Map<String, JsonNode> values = new TreeMap<>();
    given.properties().forEach(e -> values.put(e.getKey(), e.getValue()));
    return read(values, prefix);
  }

  /** A definition's {@code env} as its record holds it, checked; 422 naming the field. */
  static Map<String, EnvValue> read(Map<String, JsonNode> given, String prefix) {
    Map<String, EnvValue> env = new TreeMap<>();
    if (given != null) {
      given.forEach((name, value) -> env.put(name, parse(name, value, prefix + "env." + name)));
    }
    return env;
  }

  /** The longest value a definition or a thread gives a variable, in characters. */
  static final int MAX_VALUE_CHARS = 4_096;

  /**
   * One variable's value as given — {@code "value"} or {@code {"value": "...", "secret": true}} —
   * checked (its name, a string, its length; 422 naming {@code field}), not sealed yet.
   */
  static EnvValue parse(String name, JsonNode given, String field) {
    if (!VARIABLE.matcher(name).matches()) {
      throw Problem.invalid(field, "a name is " + VARIABLE_RULE);
    }
    AgentBody.EnvValue value =
        given != null && given.isObject()
            ? TypedBody.shape(given, AgentBody.EnvValue.class, field + ".")
            : new AgentBody.EnvValue(
                given != null && given.isTextual() ? given.asText() : null, false);
    if (value.value() == null) {
      throw Problem.invalid(field, "a string, or {\"value\": string, \"secret\": boolean}");
    }
    if (value.value().length() > MAX_VALUE_CHARS) {
      throw Problem.invalid(field, "at most " + MAX_VALUE_CHARS + " characters");
    }
    return new EnvValue(value.value(), Boolean.TRUE.equals(value.secret()));
  }

  /**
   * The same values with every secret (by its flag or its declaration) sealed for {@code tenant}.
   */
  static Map<String, EnvValue> sealed(
      Map<String, EnvValue> env, AgentDefinition agent, String tenant, IngestSecrets secrets) {
    Map<String, EnvValue> out = new TreeMap<>();
    env.forEach(
        (name, v) -> {
          boolean secret =
              v.getSecret()
                  || agent.getVariables().stream()
                      .anyMatch(d -> d.getName().equals(name) && d.getSecret());
          out.put(
              name, new EnvValue(sealedValue(name, v.getValue(), secret, tenant, secrets), secret));
        });
    return out;
  }

  /** Every env value of {@code d} sealed where it must be. */
  public static void seal(AgentDefinition d, String tenant, IngestSecrets secrets) {
    d.setEnv(sealed(d.getEnv(), d, tenant, secrets));
    d.setPromptEnv(sealed(d.getPromptEnv(), d, tenant, secrets));
    Map<String, Map<String, EnvValue>> tools = new TreeMap<>();
    d.getToolEnv().forEach((tool, env) -> tools.put(tool, sealed(env, d, tenant, secrets)));
    d.setToolEnv(tools);
  }

  /** A definition's value: a secret sealed, unless it already was (stored before). */
  private static String sealedValue(
      String name, String value, boolean secret, String tenant, IngestSecrets secrets) {
    return !secret || SecretBox.isSealed(value)
        ? value
        : secrets.seal(tenant, name, value, "env." + name);
  }

  /**
   * A definition as its author wrote it, with every secret of its env objects — the agent's, its
   * prompt's ({@code promptEnv}), its tools', wherever an {@code env} object stands — sealed as the
   * definition's own are (by the value's flag or {@code agent}'s declaration).
   */
  public static JsonNode sealWritten(
      JsonNode written, AgentDefinition agent, String tenant, IngestSecrets secrets) {
    JsonNode copy = written.deepCopy();
    sealEnvObjects(copy, agent, tenant, secrets);
    return copy;
  }

  private static void sealEnvObjects(
      JsonNode node, AgentDefinition agent, String tenant, IngestSecrets secrets) {
    if (node.isArray()) {
      node.forEach(item -> sealEnvObjects(item, agent, tenant, secrets));
      return;
    }
    if (!(node instanceof ObjectNode object)) {
      return;
    }
    List<String> fields = new ArrayList<>();
    object.fieldNames().forEachRemaining(fields::add);
    for (String field : fields) {
      JsonNode value = object.get(field);
      if ((field.equals("env") || field.equals("promptEnv")) && value instanceof ObjectNode env) {
        ObjectNode holder = object.objectNode();
        holder.set("env", env);
        Map<String, EnvValue> sealed = sealed(read(holder, ""), agent, tenant, secrets);
        ObjectNode out = object.putObject(field);
        sealed.forEach(
            (name, v) ->
                out.putObject(name).put("value", v.getValue()).put("secret", v.getSecret()));
      } else {
        sealEnvObjects(value, agent, tenant, secrets);
      }
    }
  }

  /** A prompt resource's {@code env} sealed in place (it is stored as its JSON). */
  public static void sealPrompt(ObjectNode prompt, String tenant, IngestSecrets secrets) {
    Map<String, EnvValue> env = read(prompt, "");
    if (env.isEmpty()) {
      return;
    }
    ObjectNode out = prompt.putObject("env");
    env.forEach(
        (name, v) -> {
          out.putObject(name)
              .put("value", sealedValue(name, v.getValue(), v.getSecret(), tenant, secrets))
              .put("secret", v.getSecret());
        });
  }
}
