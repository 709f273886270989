package dev.threadline.ingest;

import static dev.threadline.ingest.Json.optionalText;
import static dev.threadline.ingest.Json.positive;
import static dev.threadline.ingest.Json.requiredText;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.RuntimeToolNames;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.CommunicationMode;
import dev.threadline.avro.ImmediateBootstrap;
import dev.threadline.avro.SubagentSpec;
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

  static SubagentSpec read(JsonNode s, String field) {
    JsonNode resumableNode = s.path("resumable");
    boolean objectForm = resumableNode.isObject();
    if (!resumableNode.isMissingNode() && !resumableNode.isBoolean() && !objectForm) {
      throw Problem.invalid(
          field + ".resumable",
          "true, false or {\"receives_messages\", \"maxInstances\", \"parentCommunication\"}");
    }
    boolean resumable = objectForm || resumableNode.asBoolean(false);
    JsonNode settings = objectForm ? resumableNode : s;
    String settingsField = objectForm ? field + ".resumable" : field;
    String mode =
        (settings.has("parentCommunication") ? settings : s)
            .path("parentCommunication")
            .asText("auto")
            .toLowerCase(Locale.ROOT);
    if (!mode.equals("auto") && !mode.equals("implicit") && !mode.equals("explicit")) {
      throw Problem.invalid(
          settingsField + ".parentCommunication", "must be implicit (or auto) or explicit");
    }
    // On the entry itself too, where GET renders it, as it does maxInstances.
    String receives = settings.path("receives_messages").asText("side_a");
    if (!receives.equals("side_a") && !receives.equals("side_b")) {
      throw Problem.invalid(settingsField + ".receives_messages", "side_a or side_b");
    }
    JsonNode immediate = s.path("immediate");
    if (!immediate.isMissingNode()
        && !immediate.isNull()
        && !immediate.isBoolean()
        && !immediate.isObject()) {
      throw Problem.invalid(
          field + ".immediate", "true, false or {\"nameEnv\", \"descriptionEnv\", \"scopedEnv\"}");
    }
    JsonNode blocking = s.path("blocking");
    if (!blocking.isMissingNode() && !blocking.isBoolean()) {
      throw Problem.invalid(field + ".blocking", "must be true or false");
    }
    if (resumable && (immediate.isObject() || immediate.asBoolean(false))) {
      throw Problem.invalid(
          field + ".immediate",
          "a resumable subagent cannot be immediate: it is started by name with subagent_create");
    }
    if (resumable && blocking.asBoolean(false)) {
      throw Problem.invalid(
          field + ".blocking",
          "a resumable subagent cannot be blocking: its results arrive as messages");
    }
    return new SubagentSpec(
        requiredText(s, field + ".name"),
        requiredText(s, field + ".agent"),
        optionalText(s, "description"),
        resumable,
        positive(
            settings.has("maxInstances") ? settings : s,
            "maxInstances",
            settingsField + ".maxInstances",
            1),
        mode.equals("explicit") ? CommunicationMode.EXPLICIT : CommunicationMode.AUTO,
        optionalText(s, "initUserMessageProperty"),
        optionalText(s, "initAttachmentsProperty"),
        optionalText(s, "initAgentNameProperty"),
        optionalText(s, "optional"),
        immediate.isObject() || immediate.asBoolean(false),
        // The spec's default: the parent's call waits for the child's result.
        blocking.asBoolean(!resumable),
        receives,
        immediate.isObject() ? bootstrap(immediate, field + ".immediate") : null);
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
    for (var entry : immediate.properties()) {
      if (!List.of("nameEnv", "descriptionEnv", "scopedEnv").contains(entry.getKey())) {
        throw Problem.invalid(
            field + "." + entry.getKey(), "not a field: nameEnv, descriptionEnv or scopedEnv");
      }
    }
    String nameEnv = variableName(immediate, "nameEnv", field);
    String descriptionEnv = variableName(immediate, "descriptionEnv", field);
    JsonNode scoped = immediate.path("scopedEnv");
    if (!scoped.isMissingNode() && !scoped.isArray()) {
      throw Problem.invalid(field + ".scopedEnv", "a list of variable names");
    }
    List<String> scopedEnv = new ArrayList<>();
    for (JsonNode name : scoped) {
      String f = field + ".scopedEnv[" + scopedEnv.size() + "]";
      if (!name.isTextual() || !DefinitionEnv.VARIABLE.matcher(name.asText()).matches()) {
        throw Problem.invalid(f, "a variable name: " + DefinitionEnv.VARIABLE_RULE);
      }
      if (scopedEnv.size() == MAX_SCOPED) {
        throw Problem.invalid(f, "at most " + MAX_SCOPED + " variables");
      }
      scopedEnv.add(name.asText());
    }
    return new ImmediateBootstrap(nameEnv, descriptionEnv, scopedEnv);
  }

  private static final int MAX_SCOPED = 64;

  private static String variableName(JsonNode immediate, String key, String field) {
    JsonNode name = immediate.get(key);
    if (name == null || name.isNull()) {
      return null;
    }
    if (!name.isTextual() || !DefinitionEnv.VARIABLE.matcher(name.asText()).matches()) {
      throw Problem.invalid(field + "." + key, "a variable name: " + DefinitionEnv.VARIABLE_RULE);
    }
    return name.asText();
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
