package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.RuntimeToolNames;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.CommunicationMode;
import dev.threadline.avro.ImmediateBootstrap;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.ingest.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One entry of an agent's {@code subagents} as the HTTP API reads it. {@code resumable} is {@code
 * false} (the default), {@code true}, or the spec's object form {@code {"receives_messages":
 * "side_a" | "side_b", "maxInstances": n, "parentCommunication": "implicit" | "explicit"}}, whose
 * fields win over the entry's own {@code maxInstances} and {@code parentCommunication}. {@code
 * blocking} defaults to true for a one-shot subagent and cannot be true for a resumable one. {@code
 * immediate} is a boolean or the spec's object form {@code {"nameEnv", "descriptionEnv",
 * "scopedEnv"}} (which also makes the subagent immediate), never for a resumable one. The entry's
 * name may be no other tool's of the agent. 422 naming the field for anything else.
 */
final class SubagentJson {
  private SubagentJson() {}

  static SubagentSpec read(AgentBody.Subagent s, String field) {
    JsonNode resumableNode = s.resumable() == null ? NullNode.instance : s.resumable();
    if (!resumableNode.isNull() && !resumableNode.isBoolean() && !resumableNode.isObject()) {
      throw Problem.invalid(
          field + ".resumable",
          "true, false or {\"receives_messages\", \"maxInstances\", \"parentCommunication\"}");
    }
    AgentBody.Resumable settings =
        resumableNode.isObject()
            ? TypedBody.shape(resumableNode, AgentBody.Resumable.class, field + ".resumable.")
            : new AgentBody.Resumable(
                s.receivesMessages(), s.maxInstances(), s.parentCommunication());
    boolean resumable = resumableNode.isObject() || resumableNode.asBoolean(false);
    String settingsField = resumableNode.isObject() ? field + ".resumable" : field;
    // The object form's fields win over the entry's own, where GET renders them.
    String mode =
        firstNonNull(settings.parentCommunication(), s.parentCommunication(), "auto")
            .toLowerCase(Locale.ROOT);
    if (!mode.equals("auto") && !mode.equals("implicit") && !mode.equals("explicit")) {
      throw Problem.invalid(
          settingsField + ".parentCommunication", "must be implicit (or auto) or explicit");
    }
    String receives = firstNonNull(settings.receivesMessages(), "side_a", "side_a");
    if (!receives.equals("side_a") && !receives.equals("side_b")) {
      throw Problem.invalid(settingsField + ".receives_messages", "side_a or side_b");
    }
    Integer maxInstances =
        AgentJson.atLeastOne(
            settings.maxInstances() != null ? settings.maxInstances() : s.maxInstances(),
            (settings.maxInstances() != null ? settingsField : field) + ".maxInstances");
    JsonNode immediate = s.immediate() == null ? NullNode.instance : s.immediate();
    if (!immediate.isNull() && !immediate.isBoolean() && !immediate.isObject()) {
      throw Problem.invalid(
          field + ".immediate", "true, false or {\"nameEnv\", \"descriptionEnv\", \"scopedEnv\"}");
    }
    if (resumable && (immediate.isObject() || immediate.asBoolean(false))) {
      throw Problem.invalid(
          field + ".immediate",
          "a resumable subagent cannot be immediate: it is started by name with subagent_create");
    }
    if (resumable && Boolean.TRUE.equals(s.blocking())) {
      throw Problem.invalid(
          field + ".blocking",
          "a resumable subagent cannot be blocking: its results arrive as messages");
    }
    return new SubagentSpec(
        AgentJson.required(s.name(), field + ".name"),
        AgentJson.required(s.agent(), field + ".agent"),
        s.description(),
        resumable,
        maxInstances == null ? 1 : maxInstances,
        mode.equals("explicit") ? CommunicationMode.EXPLICIT : CommunicationMode.AUTO,
        s.initUserMessageProperty(),
        s.initAttachmentsProperty(),
        s.initAgentNameProperty(),
        s.optional(),
        immediate.isObject() || immediate.asBoolean(false),
        // The spec's default: the parent's call waits for the child's result.
        s.blocking() == null ? !resumable : s.blocking(),
        receives,
        immediate.isObject() ? bootstrap(immediate, field + ".immediate") : null);
  }

  private static String firstNonNull(String first, String second, String otherwise) {
    return first != null ? first : second != null ? second : otherwise;
  }

  /**
   * A subagent is offered to the model as a tool named after it: 422 naming {@code field} when the
   * agent has a tool, an earlier subagent or a runtime tool of that name.
   */
  static void requireFreeName(
      String name, String field, List<AgentTool> tools, List<SubagentSpec> earlier) {
    if (RuntimeToolNames.ALL.contains(name)) {
      throw Problem.invalid(field, "'" + name + "' is the name of one of the runtime's own tools");
    }
    if (tools.stream().anyMatch(t -> t.getName().equals(name))
        || earlier.stream().anyMatch(s -> s.getName().equals(name))) {
      throw Problem.invalid(field, "'" + name + "' is already the name of a tool of this agent");
    }
  }

  /**
   * The {@code immediate} object form: {@code {"nameEnv": "VAR", "descriptionEnv": "VAR",
   * "scopedEnv": ["VAR", ...]}}, each a variable name.
   */
  private static ImmediateBootstrap bootstrap(JsonNode immediate, String field) {
    AgentBody.Immediate given = TypedBody.shape(immediate, AgentBody.Immediate.class, field + ".");
    String nameEnv = variableName(given.nameEnv(), field + ".nameEnv");
    String descriptionEnv = variableName(given.descriptionEnv(), field + ".descriptionEnv");
    List<String> scopedEnv = new ArrayList<>();
    for (String name : given.scopedEnv() == null ? List.<String>of() : given.scopedEnv()) {
      String f = field + ".scopedEnv[" + scopedEnv.size() + "]";
      if (name == null || !DefinitionEnv.VARIABLE.matcher(name).matches()) {
        throw Problem.invalid(f, "a variable name: " + DefinitionEnv.VARIABLE_RULE);
      }
      if (scopedEnv.size() == MAX_SCOPED) {
        throw Problem.invalid(f, "at most " + MAX_SCOPED + " variables");
      }
      scopedEnv.add(name);
    }
    return new ImmediateBootstrap(nameEnv, descriptionEnv, scopedEnv);
  }

  private static final int MAX_SCOPED = 64;

  private static String variableName(String name, String field) {
    if (name != null && !DefinitionEnv.VARIABLE.matcher(name).matches()) {
      throw Problem.invalid(field, "a variable name: " + DefinitionEnv.VARIABLE_RULE);
    }
    return name;
  }

  /** {@code immediate} as it was given: a boolean, or the object form. */
  static JsonNode renderImmediate(SubagentSpec s) {
    ImmediateBootstrap b = s.getBootstrap();
    if (b == null) {
      return BooleanNode.valueOf(s.getImmediate());
    }
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    if (b.getNameEnv() != null) {
      o.put("nameEnv", b.getNameEnv());
    }
    if (b.getDescriptionEnv() != null) {
      o.put("descriptionEnv", b.getDescriptionEnv());
    }
    b.getScopedEnv().forEach(o.putArray("scopedEnv")::add);
    return o;
  }
}
