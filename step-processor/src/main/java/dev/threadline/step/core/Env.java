package dev.threadline.step.core;

import dev.threadline.config.EnvLimits;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A thread's env (the Standard Agents model's variables): values given when the thread is created
 * or set later, each text or secret. A secret is only ever held sealed ({@code SecretBox}) and goes
 * to tools only: never into a prompt, an event or a model request.
 */
public final class Env {
  /** How a variable's name is written. */
  public static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{env\\.([A-Za-z0-9_]+)}}");

  private Env() {}

  /** A variable's value: text as is, a secret sealed. */
  public record Value(String value, boolean secret) {}

  /**
   * A variable an agent's threads take.
   *
   * @param scoped a child of this agent does not inherit it from its parent's env: it gets it only
   *     through its parent's {@code scopedEnv} or its variables request
   */
  public record Variable(
      String name, boolean secret, boolean required, String description, boolean scoped) {
    public Variable(String name, boolean secret, boolean required, String description) {
      this(name, secret, required, description, false);
    }
  }

  /**
   * What an agent says of env: its declared variables, and values given by its prompt, its agent
   * definition and each of its tools (secrets sealed). Where a variable has values at several
   * levels, the most specific wins: low to high prompt → tool → agent → thread (the thread's own
   * value over its agent's, the agent's over a tool's, a tool's over the prompt's).
   */
  public record Spec(
      List<Variable> variables,
      Map<String, Value> promptValues,
      Map<String, Map<String, Value>> toolValues,
      Map<String, Value> agentValues) {
    public static final Spec NONE = new Spec(List.of(), Map.of(), Map.of(), Map.of());

    public Spec {
      variables = List.copyOf(variables);
      promptValues = Map.copyOf(promptValues);
      toolValues = Map.copyOf(toolValues);
      agentValues = Map.copyOf(agentValues);
    }

    /** The env a prompt is rendered with: low to high prompt → agent → thread. */
    public Map<String, Value> forPrompt(Map<String, Value> thread) {
      return merged(promptValues, agentValues, thread);
    }

    /** The env tool {@code tool} gets: low to high prompt → tool → agent → thread. */
    public Map<String, Value> forTool(String tool, Map<String, Value> thread) {
      return merged(promptValues, toolValues.getOrDefault(tool, Map.of()), agentValues, thread);
    }

    @SafeVarargs
    private static Map<String, Value> merged(Map<String, Value>... lowestFirst) {
      Map<String, Value> env = new java.util.TreeMap<>();
      for (Map<String, Value> level : lowestFirst) {
        env.putAll(level);
      }
      return env;
    }
  }

  /**
   * Why {@code env} does not fit {@code variables} (a required one missing, a secret sent as text),
   * or null.
   */
  public static String refusal(List<Variable> variables, Map<String, Value> env) {
    List<String> missing =
        variables.stream()
            .filter(v -> v.required() && !env.containsKey(v.name()))
            .map(Variable::name)
            .sorted()
            .toList();
    if (!missing.isEmpty()) {
      return "missing required variables: " + String.join(", ", missing);
    }
    if (env.size() > EnvLimits.MAX_VARIABLES) {
      return "at most " + EnvLimits.MAX_VARIABLES + " variables, not " + env.size();
    }
    for (var entry : env.entrySet()) {
      String wrong = refusal(variables, entry.getKey(), entry.getValue());
      if (wrong != null) {
        return wrong;
      }
    }
    return null;
  }

  /**
   * Why {@code env} is more than a thread's state may hold (too many variables, too many bytes), or
   * null.
   */
  public static String sizeRefusal(Map<String, Value> env) {
    Map<String, String> values = new java.util.TreeMap<>();
    env.forEach((name, value) -> values.put(name, value.value()));
    return EnvLimits.refusal(values);
  }

  /** Why {@code value} cannot be variable {@code name}'s, or null. */
  public static String refusal(List<Variable> variables, String name, Value value) {
    if (!NAME.matcher(name).matches()) {
      return "variable name '" + name + "': use a letter or _ then up to 63 of A-Z a-z 0-9 _";
    }
    if (value.value().length() > EnvLimits.MAX_VALUE_CHARS) {
      return "variable " + name + " is over " + EnvLimits.MAX_VALUE_CHARS + " characters";
    }
    boolean declaredSecret = variables.stream().anyMatch(v -> v.name().equals(name) && v.secret());
    if (declaredSecret && !value.secret()) {
      return "variable " + name + " is a secret: it must arrive sealed, never as text";
    }
    if (value.secret() && !value.value().startsWith("tlsec1:")) {
      return "secret " + name + " is not sealed";
    }
    return null;
  }

  /** {@code template} with each {@code {{env.NAME}}} of a text variable replaced by its value. */
  public static String interpolate(String template, Map<String, Value> env) {
    if (env.isEmpty() || !template.contains("{{env.")) {
      return template;
    }
    Matcher m = PLACEHOLDER.matcher(template);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      Value v = env.get(m.group(1));
      // A secret never enters a prompt; an unset variable stays visible as the placeholder.
      String replacement = v == null ? m.group() : v.secret() ? "" : v.value();
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    return m.appendTail(out).toString();
  }
}
