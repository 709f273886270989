package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.EnvValue;
import dev.threadline.config.SecretBox;
import java.util.Map;
import java.util.TreeMap;

/**
 * Env values a definition gives (an agent's {@code env}, a tool entry's {@code env}, a prompt's
 * {@code env}): {@code {"NAME": "value" | {"value": "...", "secret": true}}}, read as given, then
 * sealed before the definition is stored — a declared secret's value too, whatever form it came in.
 */
final class DefinitionEnv {
  private DefinitionEnv() {}

  /** {@code parent.env}, as given (secrets not sealed yet); 422 naming the field. */
  static Map<String, EnvValue> read(JsonNode parent, String prefix) {
    Map<String, EnvValue> env = new TreeMap<>();
    JsonNode given = parent.get("env");
    if (given == null || given.isNull()) {
      return env;
    }
    if (!given.isObject()) {
      throw Problem.invalid(prefix + "env", "an object of variable names to values");
    }
    for (var entry : given.properties()) {
      String field = prefix + "env." + entry.getKey();
      if (!entry.getKey().matches("[A-Za-z_][A-Za-z0-9_]{0,63}")) {
        throw Problem.invalid(field, "a letter or _ then up to 63 of A-Z a-z 0-9 _");
      }
      JsonNode v = entry.getValue();
      JsonNode text = v.isObject() ? v.get("value") : v;
      if (text == null || !text.isTextual() || text.asText().length() > 4_096) {
        throw Problem.invalid(
            field, "a string of at most 4096 characters, or {\"value\", \"secret\"}");
      }
      env.put(entry.getKey(), new EnvValue(text.asText(), v.path("secret").asBoolean(false)));
    }
    return env;
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
          String value =
              !secret || SecretBox.isSealed(v.getValue())
                  ? v.getValue()
                  : secrets.seal(tenant, name, v.getValue(), "env." + name);
          out.put(name, new EnvValue(value, secret));
        });
    return out;
  }

  /** Every env value of {@code d} sealed where it must be. */
  static void seal(AgentDefinition d, String tenant, IngestSecrets secrets) {
    d.setEnv(sealed(d.getEnv(), d, tenant, secrets));
    d.setPromptEnv(sealed(d.getPromptEnv(), d, tenant, secrets));
    Map<String, Map<String, EnvValue>> tools = new TreeMap<>();
    d.getToolEnv().forEach((tool, env) -> tools.put(tool, sealed(env, d, tenant, secrets)));
    d.setToolEnv(tools);
  }

  /** A prompt resource's {@code env} sealed in place (it is stored as its JSON). */
  static void sealPrompt(ObjectNode prompt, String tenant, IngestSecrets secrets) {
    Map<String, EnvValue> env = read(prompt, "");
    if (env.isEmpty()) {
      return;
    }
    ObjectNode out = prompt.putObject("env");
    env.forEach(
        (name, v) -> {
          String value =
              !v.getSecret() || SecretBox.isSealed(v.getValue())
                  ? v.getValue()
                  : secrets.seal(tenant, name, v.getValue(), "env." + name);
          out.putObject(name).put("value", value).put("secret", v.getSecret());
        });
  }
}
