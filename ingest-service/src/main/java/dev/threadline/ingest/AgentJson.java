package dev.threadline.ingest;

import static dev.threadline.ingest.Json.MAPPER;
import static dev.threadline.ingest.Json.array;
import static dev.threadline.ingest.Json.objectOrFail;
import static dev.threadline.ingest.Json.optionalText;
import static dev.threadline.ingest.Json.parse;
import static dev.threadline.ingest.Json.positive;
import static dev.threadline.ingest.Json.requiredText;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.HandoffSpec;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Permission;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.SubpromptSpec;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.VariableSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An agent definition's JSON ↔ the Avro {@link AgentDefinition}: validated field by field (422
 * naming the field), and rendered back for {@code GET}.
 */
final class AgentJson {
  static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");

  private AgentJson() {}

  /** The definition of agent {@code name} of {@code tenant} in {@code body}, validated. */
  static AgentDefinition read(String name, String tenant, JsonNode body, Instant now) {
    if (!NAME.matcher(name).matches()) {
      throw Problem.invalid("name", "use 1-100 of A-Z a-z 0-9 . _ -");
    }
    if (!body.isObject()) {
      throw Problem.invalid("$", "an agent definition is a JSON object");
    }
    JsonNode model = body.get("model");
    if (model == null
        || !model.isObject()
        || !model.path("provider").isTextual()
        || model.get("provider").asText().isBlank()) {
      throw Problem.invalid(
          "model.provider",
          "required: e.g. {\"provider\": \"scripted\", \"script\": [...]} or {\"provider\": \"openai\", \"model\": \"gpt-4o-mini\"}");
    }
    List<AgentTool> tools = tools(body, "");
    List<SubagentSpec> subagents = new ArrayList<>();
    for (JsonNode s : array(body, "subagents")) {
      String field = "subagents[" + subagents.size() + "]";
      SubagentSpec spec = SubagentJson.read(s, field);
      SubagentJson.requireFreeName(spec.getName(), field + ".name", tools, subagents);
      subagents.add(spec);
    }
    List<SubpromptSpec> subprompts = SubpromptJson.read(body, tools, subagents);
    List<HandoffSpec> handoffs = handoffs(body, tools, subagents, subprompts);
    JsonNode stop = body.path("stop");
    StopConfig stopConfig =
        new StopConfig(
            stop.path("stopOnResponse").asBoolean(true),
            optionalText(stop, "stopTool"),
            positive(stop, "maxSteps", "stop.maxSteps", 20),
            stop.has("maxSessionTurns")
                ? positive(stop, "maxSessionTurns", "stop.maxSessionTurns", 1)
                : null);
    JsonNode context = body.path("context");
    return AgentDefinition.newBuilder()
        .setName(name)
        .setTenantId(tenant)
        .setModel(
            new ModelSpec(
                model.get("provider").asText(), optionalText(model, "model"), model.toString()))
        .setSystemPrompt(body.path("systemPrompt").asText(""))
        .setTools(tools)
        .setSubagents(subagents)
        .setStop(stopConfig)
        .setGroup(group(body.path("group")))
        .setContext(
            new ContextConfig(
                context.has("windowTokens")
                    ? positive(context, "windowTokens", "context.windowTokens", 1)
                    : null,
                context.has("reservedOutputTokens")
                    ? positive(context, "reservedOutputTokens", "context.reservedOutputTokens", 1)
                    : null))
        .setUpdatedAt(now)
        .setHandoffs(handoffs)
        .setSubprompts(subprompts)
        .setOtherSide(SideJson.read(body, model, stopConfig))
        .setVariables(variables(body))
        .setEnv(DefinitionEnv.read(body, ""))
        .setPromptEnv(DefinitionEnv.read(wrap(body.get("promptEnv")), "prompt."))
        .setToolEnv(toolEnv(body))
        .setExposeAsTool(bool(body, "exposeAsTool", true))
        .setToolDescription(optionalText(body, "toolDescription"))
        .setHooks(HookJson.read(body))
        .build();
  }

  /**
   * Agents this one may hand the thread to: each becomes a tool named after its agent, so the name
   * may be neither a tool's nor a subagent's (422 naming {@code handoffs[i].agent}).
   */
  private static List<HandoffSpec> handoffs(
      JsonNode body,
      List<AgentTool> tools,
      List<SubagentSpec> subagents,
      List<SubpromptSpec> subprompts) {
    List<HandoffSpec> handoffs = new ArrayList<>();
    for (JsonNode h : array(body, "handoffs")) {
      String field = "handoffs[" + handoffs.size() + "]";
      String agent = requiredText(h, field + ".agent");
      boolean taken =
          tools.stream().anyMatch(t -> t.getName().equals(agent))
              || subagents.stream().anyMatch(sa -> sa.getName().equals(agent))
              || subprompts.stream().anyMatch(p -> p.getName().equals(agent))
              || handoffs.stream().anyMatch(o -> o.getAgent().equals(agent));
      if (taken) {
        throw Problem.invalid(
            field + ".agent", "'" + agent + "' is already the name of a tool of this agent");
      }
      handoffs.add(new HandoffSpec(agent, optionalText(h, "description")));
    }
    return handoffs;
  }

  /** The {@code tools} of {@code parent}, whose fields are named from {@code prefix}. */
  static List<AgentTool> tools(JsonNode parent, String prefix) {
    List<AgentTool> tools = new ArrayList<>();
    for (JsonNode t : array(parent, "tools")) {
      String field = prefix + "tools[" + tools.size() + "]";
      tools.add(
          new AgentTool(
              requiredText(t, field + ".name"),
              permission(t.path("permission"), field + ".permission"),
              optionalText(t, "description"),
              t.has("parameters")
                  ? objectOrFail(t.get("parameters"), field + ".parameters").toString()
                  : null));
    }
    return tools;
  }

  static ArrayNode renderTools(List<AgentTool> from) {
    ArrayNode tools = MAPPER.createArrayNode();
    for (AgentTool t : from) {
      ObjectNode tool =
          tools
              .addObject()
              .put("name", t.getName())
              .put("permission", t.getPermission().name().toLowerCase(Locale.ROOT));
      if (t.getDescription() != null) {
        tool.put("description", t.getDescription());
      }
      if (t.getParametersJson() != null) {
        tool.set("parameters", parse(t.getParametersJson()));
      }
    }
    return tools;
  }

  /** The definition as {@code GET /v1/agents/{name}} shows it. */
  static ObjectNode render(AgentDefinition a) {
    ObjectNode o = MAPPER.createObjectNode().put("name", a.getName());
    o.set("model", parse(a.getModel().getConfigJson()));
    o.put("systemPrompt", a.getSystemPrompt());
    o.set("tools", renderTools(a.getTools()));
    ArrayNode subagents = o.putArray("subagents");
    for (SubagentSpec s : a.getSubagents()) {
      subagents
          .addObject()
          .put("name", s.getName())
          .put("agent", s.getAgent())
          .put("description", s.getDescription())
          .put("resumable", s.getResumable())
          .put("blocking", s.getBlocking())
          .put("maxInstances", s.getMaxInstances())
          .put("parentCommunication", s.getParentCommunication().name().toLowerCase(Locale.ROOT))
          .put("receives_messages", s.getReceivesMessages())
          .put("optional", s.getOptional())
          .put("initUserMessageProperty", s.getInitUserMessageProperty())
          .put("initAttachmentsProperty", s.getInitAttachmentsProperty())
          .put("initAgentNameProperty", s.getInitAgentNameProperty())
          .set("immediate", SubagentJson.renderImmediate(s));
    }
    SideJson.render(a, o);
    HookJson.render(a, o);
    o.set("subprompts", SubpromptJson.render(a.getSubprompts()));
    ArrayNode handoffs = o.putArray("handoffs");
    for (HandoffSpec h : a.getHandoffs()) {
      ObjectNode handoff = handoffs.addObject().put("agent", h.getAgent());
      if (h.getDescription() != null) {
        handoff.put("description", h.getDescription());
      }
    }
    ObjectNode stop =
        o.putObject("stop")
            .put("stopOnResponse", a.getStop().getStopOnResponse())
            .put("maxSteps", a.getStop().getMaxSteps());
    if (a.getStop().getStopTool() != null) {
      stop.put("stopTool", a.getStop().getStopTool());
    }
    if (a.getStop().getMaxSessionTurns() != null) {
      stop.put("maxSessionTurns", a.getStop().getMaxSessionTurns());
    }
    o.put("group", a.getGroup().name().toLowerCase(Locale.ROOT));
    ArrayNode variables = o.putArray("variables");
    for (VariableSpec v : a.getVariables()) {
      ObjectNode variable =
          variables
              .addObject()
              .put("name", v.getName())
              .put("type", v.getSecret() ? "secret" : "text")
              .put("required", v.getRequired())
              .put("scoped", v.getScoped());
      if (v.getDescription() != null) {
        variable.put("description", v.getDescription());
      }
    }
    // Values the agent gives its variables; a secret's never (it is listed, not shown).
    ObjectNode env = o.putObject("env");
    a.getEnv()
        .forEach(
            (name, v) -> {
              if (v.getSecret()) {
                env.putObject(name).put("secret", true);
              } else {
                env.put(name, v.getValue());
              }
            });
    o.put("exposeAsTool", a.getExposeAsTool());
    if (a.getToolDescription() != null) {
      o.put("toolDescription", a.getToolDescription());
    }
    ObjectNode context = o.putObject("context");
    if (a.getContext().getWindowTokens() != null) {
      context.put("windowTokens", a.getContext().getWindowTokens());
    }
    if (a.getContext().getReservedOutputTokens() != null) {
      context.put("reservedOutputTokens", a.getContext().getReservedOutputTokens());
    }
    o.put("updatedAt", a.getUpdatedAt().toString());
    // The models and prompts it names, and the definition as written with those names.
    a.getUses().forEach(o.putArray("uses")::add);
    if (a.getWrittenJson() != null) {
      o.set("written", parse(a.getWrittenJson()));
    }
    return o;
  }

  /** Each tool entry's {@code env}, by tool name. */
  private static java.util.Map<String, java.util.Map<String, dev.threadline.avro.EnvValue>> toolEnv(
      JsonNode body) {
    java.util.Map<String, java.util.Map<String, dev.threadline.avro.EnvValue>> out =
        new java.util.TreeMap<>();
    int i = 0;
    for (JsonNode t : array(body, "tools")) {
      var env = DefinitionEnv.read(t, "tools[" + i++ + "].");
      if (!env.isEmpty()) {
        out.put(t.path("name").asText(), env);
      }
    }
    return out;
  }

  private static ObjectNode wrap(JsonNode env) {
    ObjectNode holder = MAPPER.createObjectNode();
    holder.set("env", env);
    return holder;
  }

  /** {@code variables}: {@code [{name, type: text | secret, required, scoped, description}]}. */
  private static List<VariableSpec> variables(JsonNode body) {
    List<VariableSpec> variables = new ArrayList<>();
    for (JsonNode v : array(body, "variables")) {
      String field = "variables[" + variables.size() + "]";
      String name = requiredText(v, field + ".name");
      if (!DefinitionEnv.VARIABLE.matcher(name).matches()) {
        throw Problem.invalid(field + ".name", DefinitionEnv.VARIABLE_RULE);
      }
      String type = v.path("type").asText("text");
      if (!type.equals("text") && !type.equals("secret")) {
        throw Problem.invalid(field + ".type", "text or secret");
      }
      if (variables.stream().anyMatch(o -> o.getName().equals(name))) {
        throw Problem.invalid(field + ".name", "'" + name + "' is declared twice");
      }
      variables.add(
          new VariableSpec(
              name,
              type.equals("secret"),
              bool(v, "required", false),
              optionalText(v, "description"),
              bool(v, "scoped", false)));
    }
    return variables;
  }

  private static boolean bool(JsonNode body, String field, boolean defaultValue) {
    JsonNode v = body.get(field);
    if (v != null && !v.isNull() && !v.isBoolean()) {
      throw Problem.invalid(field, "must be true or false");
    }
    return v == null || v.isNull() ? defaultValue : v.asBoolean();
  }

  private static Permission permission(JsonNode node, String field) {
    String value = node.asText("allow").toUpperCase(Locale.ROOT);
    try {
      return Permission.valueOf(value);
    } catch (IllegalArgumentException e) {
      throw Problem.invalid(field, "must be allow, deny or ask");
    }
  }

  private static ThreadGroup group(JsonNode node) {
    String value = node.asText("task").toUpperCase(Locale.ROOT);
    try {
      return ThreadGroup.valueOf(value);
    } catch (IllegalArgumentException e) {
      throw Problem.invalid("group", "must be chat, task, chore or will");
    }
  }
}
