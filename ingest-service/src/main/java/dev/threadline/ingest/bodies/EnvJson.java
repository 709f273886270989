package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.VariableSpec;
import dev.threadline.config.EnvLimits;
import dev.threadline.ingest.IngestSecrets;
import dev.threadline.ingest.Problem;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A thread's {@code env} as {@code POST /v1/threads} takes it: {@code {"NAME": "value"}} or {@code
 * {"NAME": {"value": "...", "secret": true}}}. A variable the agent declares secret is sealed
 * whatever form it came in; the agent's required variables must all be there, here or in the values
 * the agent (or its prompt) gives, and so must its subagents' that they can only inherit from this
 * thread ({@link TeamVariables}): 422 naming the missing.
 */
public final class EnvJson {
  private EnvJson() {}

  public static Map<String, EnvValue> read(
      JsonNode env, AgentDefinition agent, String tenant, IngestSecrets secrets) {
    Map<String, EnvValue> out = new TreeMap<>();
    if (env != null && !env.isNull()) {
      if (!env.isObject()) {
        throw Problem.invalid("env", "an object of variable names to values");
      }
      if (env.size() > EnvLimits.MAX_VARIABLES) {
        throw Problem.invalid("env", "at most " + EnvLimits.MAX_VARIABLES + " variables");
      }
      for (var entry : env.properties()) {
        String name = entry.getKey();
        boolean declaredSecret =
            agent.getVariables().stream().anyMatch(v -> v.getName().equals(name) && v.getSecret());
        out.put(name, value(name, entry.getValue(), declaredSecret, tenant, secrets));
      }
      checkSize(out);
    }
    List<String> missing =
        agent.getVariables().stream()
            .filter(
                v ->
                    v.getRequired()
                        && !out.containsKey(v.getName())
                        && !agent.getEnv().containsKey(v.getName())
                        && !agent.getPromptEnv().containsKey(v.getName()))
            .map(VariableSpec::getName)
            .sorted()
            .toList();
    if (!missing.isEmpty()) {
      throw Problem.invalid(
          "env." + missing.getFirst(),
          "agent '" + agent.getName() + "' needs " + String.join(", ", missing));
    }
    TeamVariables.missing(agent, out.keySet())
        .ifPresent(
            m -> {
              throw Problem.invalid(
                  "env." + m.variable(),
                  "subagent '"
                      + m.subagent()
                      + "' (agent '"
                      + m.agent()
                      + "') needs "
                      + m.variable()
                      + " and can only inherit it from this thread: give it now, or have the"
                      + " agent declare it scoped to be asked for it when the subagent starts");
            });
    return out;
  }

  /** The env as a thread's state would hold it (secrets sealed) is within its caps, or a 422. */
  public static void checkSize(Map<String, EnvValue> env) {
    Map<String, String> values = new TreeMap<>();
    env.forEach((name, value) -> values.put(name, value.getValue()));
    String refused = EnvLimits.refusal(values);
    if (refused != null) {
      throw Problem.invalid("env", refused);
    }
  }

  /** One variable's value, {@code secret} sealed (by declaration or by its own flag). */
  public static EnvValue value(
      String name, JsonNode given, boolean secret, String tenant, IngestSecrets secrets) {
    String field = "env." + name;
    EnvValue parsed = DefinitionEnv.parse(name, given, field);
    return secret || parsed.getSecret()
        ? new EnvValue(secrets.seal(tenant, name, parsed.getValue(), field), true)
        : parsed;
  }
}
