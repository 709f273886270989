package dev.threadline.ingest.bodies;

import static dev.threadline.ingest.bodies.Json.MAPPER;
import static dev.threadline.ingest.bodies.Json.parse;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.HandoffSpec;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Permission;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.SubpromptSpec;
import dev.threadline.avro.VariableSpec;
import dev.threadline.config.JsonSchemas;
import dev.threadline.ingest.Problem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * An agent definition's JSON ↔ the Avro {@link AgentDefinition}: read as its record ({@link
 * AgentBody}, each field of its type), its fields checked together (422 naming the field), and
 * rendered back for {@code GET}.
 */
public final class AgentJson {
  public static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");
  private static final ObjectMapper CONFIG =
      JsonMapper.builder()
          .defaultPropertyInclusion(
              JsonInclude.Value.construct(
                  JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
          .build();

  private AgentJson() {}

  /** The definition of agent {@code name} of {@code tenant} in {@code body}, validated. */
  public static AgentDefinition read(String name, String tenant, JsonNode body, Instant now) {
    if (!NAME.matcher(name).matches()) {
      throw Problem.invalid("name", "use 1-100 of A-Z a-z 0-9 . _ -");
    }
    if (!body.isObject()) {
      throw Problem.invalid("$", "an agent definition is a JSON object");
    }
    AgentBody a = TypedBody.shape(withoutShownFields(body), AgentBody.class, "");
    if (a.model() == null) {
      throw Problem.invalid(
          "model.provider",
          "required: e.g. {\"provider\": \"scripted\", \"script\": [...]} or {\"provider\": \"openai\", \"model\": \"gpt-4o-mini\"}");
    }
    ModelSpec model = model(a.model(), "model.");
    List<AgentTool> tools = tools(a.tools(), "");
    List<SubagentSpec> subagents = new ArrayList<>();
    for (AgentBody.Subagent s : entries(a.subagents(), "subagents")) {
      String field = "subagents[" + subagents.size() + "]";
      SubagentSpec spec = SubagentJson.read(s, field);
      SubagentJson.requireFreeName(spec.getName(), field + ".name", tools, subagents);
      subagents.add(spec);
    }
    List<SubpromptSpec> subprompts =
        SubpromptJson.read(entries(a.subprompts(), "subprompts"), tools, subagents);
    List<HandoffSpec> handoffs = handoffs(a.handoffs(), tools, subagents, subprompts);
    StopConfig stop = stop(a.stop(), "stop.", null);
    AgentBody.Context context = a.context() == null ? EMPTY_CONTEXT : a.context();
    return AgentDefinition.newBuilder()
        .setName(name)
        .setTenantId(tenant)
        .setModel(model)
        .setSystemPrompt(a.systemPrompt() == null ? "" : a.systemPrompt())
        .setTools(tools)
        .setSubagents(subagents)
        .setStop(stop)
        .setGroup(AgentOptionsJson.group(a.group()))
        .setContext(
            new ContextConfig(
                atLeastOne(context.windowTokens(), "context.windowTokens"),
                atLeastOne(context.reservedOutputTokens(), "context.reservedOutputTokens")))
        .setUpdatedAt(now)
        .setHandoffs(handoffs)
        .setSubprompts(subprompts)
        .setOtherSide(SideJson.read(a, a.model(), stop))
        .setVariables(variables(a.variables()))
        .setEnv(DefinitionEnv.read(a.env(), ""))
        .setPromptEnv(DefinitionEnv.read(a.promptEnv(), "prompt."))
        .setToolEnv(toolEnv(a.tools()))
        .setExposeAsTool(a.exposeAsTool() == null || a.exposeAsTool())
        .setToolDescription(a.toolDescription())
        .setHooks(HookJson.read(a.hooks()))
        .setQueuedPrompts(AgentOptionsJson.queuedPrompts(a.queuedPrompts()))
        .setDescription(AgentOptionsJson.description(a.description()))
        .setBehaviors(BehaviorJson.read(a.behaviors(), tools, subagents, subprompts, handoffs))
        .build();
  }

  /** What {@code GET} adds to a definition: dropped, so a definition as shown can be put back. */
  private static final List<String> SHOWN_ONLY = List.of("name", "updatedAt", "uses", "written");

  /** {@code body} without the fields only {@code GET} shows (a copy when it had any). */
  public static JsonNode withoutShownFields(JsonNode body) {
    return body instanceof ObjectNode object && SHOWN_ONLY.stream().anyMatch(object::has)
        ? object.deepCopy().remove(SHOWN_ONLY)
        : body;
  }

  private static final AgentBody.Context EMPTY_CONTEXT = new AgentBody.Context(null, null);

  /** A model configuration as a thread freezes it: kept whole for its provider. */
  static ModelSpec model(AgentBody.ModelBody m, String prefix) {
    if (m.provider() == null || m.provider().isBlank()) {
      throw Problem.invalid(prefix + "provider", "required string");
    }
    try {
      return new ModelSpec(m.provider(), m.model(), CONFIG.writeValueAsString(m));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a model configuration that cannot be written", e);
    }
  }

  /**
   * The stop rules at {@code prefix}, defaulting to {@code defaults} (or the runtime's own); a
   * side's cap on session turns is the agent's.
   */
  static StopConfig stop(AgentBody.Stop stop, String prefix, StopConfig defaults) {
    if (stop == null) {
      return defaults != null ? defaults : new StopConfig(true, null, 20, null);
    }
    Integer maxSteps = atLeastOne(stop.maxSteps(), prefix + "maxSteps");
    return new StopConfig(
        stop.stopOnResponse() == null || stop.stopOnResponse(),
        stop.stopTool(),
        maxSteps == null ? 20 : maxSteps,
        defaults != null
            ? defaults.getMaxSessionTurns()
            : atLeastOne(stop.maxSessionTurns(), prefix + "maxSessionTurns"));
  }

  /** {@code value} when it is absent or at least 1; 422 naming {@code field} otherwise. */
  static Integer atLeastOne(Integer value, String field) {
    if (value != null && value < 1) {
      throw Problem.invalid(field, "must be a whole number of at least 1");
    }
    return value;
  }

  /** The entries of a list field, none of them null (422 naming it). */
  static <T> List<T> entries(List<T> list, String field) {
    if (list == null) {
      return List.of();
    }
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i) == null) {
        throw Problem.invalid(field + "[" + i + "]", "must be a JSON object");
      }
    }
    return list;
  }

  /**
   * Agents this one may hand the thread to: each becomes a tool named after its agent, so the name
   * may be neither a tool's nor a subagent's (422 naming {@code handoffs[i].agent}).
   */
  private static List<HandoffSpec> handoffs(
      List<AgentBody.Handoff> given,
      List<AgentTool> tools,
      List<SubagentSpec> subagents,
      List<SubpromptSpec> subprompts) {
    List<HandoffSpec> handoffs = new ArrayList<>();
    for (AgentBody.Handoff h : entries(given, "handoffs")) {
      String field = "handoffs[" + handoffs.size() + "]";
      String agent = required(h.agent(), field + ".agent");
      boolean taken =
          tools.stream().anyMatch(t -> t.getName().equals(agent))
              || subagents.stream().anyMatch(sa -> sa.getName().equals(agent))
              || subprompts.stream().anyMatch(p -> p.getName().equals(agent))
              || handoffs.stream().anyMatch(o -> o.getAgent().equals(agent));
      if (taken) {
        throw Problem.invalid(
            field + ".agent", "'" + agent + "' is already the name of a tool of this agent");
      }
      handoffs.add(new HandoffSpec(agent, h.description()));
    }
    return handoffs;
  }

  /** The {@code tools} of an agent or side, whose fields are named from {@code prefix}. */
  static List<AgentTool> tools(List<AgentBody.Tool> given, String prefix) {
    List<AgentTool> tools = new ArrayList<>();
    for (AgentBody.Tool t : entries(given, prefix + "tools")) {
      String field = prefix + "tools[" + tools.size() + "]";
      tools.add(
          new AgentTool(
              required(t.name(), field + ".name"),
              permission(t.permission(), field + ".permission"),
              t.description(),
              parameters(t.parameters(), field + ".parameters")));
    }
    return tools;
  }

  /** A tool's arguments schema, which a model API would refuse mid-thread if it is not one. */
  private static String parameters(JsonNode schema, String field) {
    if (schema == null) {
      return null;
    }
    JsonSchemas.notASchema(schema)
        .ifPresent(
            why -> {
              throw Problem.invalid(field, "is not a JSON Schema (2020-12): " + why);
            });
    return schema.toString();
  }

  /** A text field that must be there and not blank; 422 naming {@code field}. */
  static String required(String value, String field) {
    if (value == null || value.isBlank()) {
      throw Problem.invalid(field, "required string");
    }
    return value;
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
  public static ObjectNode render(AgentDefinition a) {
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
    o.put("queuedPrompts", AgentOptionsJson.render(a.getQueuedPrompts()));
    o.set("behaviors", BehaviorJson.render(a.getBehaviors()));
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
    o.put("exposeAsTool", a.getExposeAsTool()).put("description", a.getDescription());
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
  private static Map<String, Map<String, EnvValue>> toolEnv(List<AgentBody.Tool> given) {
    Map<String, Map<String, EnvValue>> out = new TreeMap<>();
    int i = 0;
    for (AgentBody.Tool t : entries(given, "tools")) {
      var env = DefinitionEnv.read(t.env(), "tools[" + i++ + "].");
      if (!env.isEmpty()) {
        out.put(t.name(), env);
      }
    }
    return out;
  }

  /** {@code variables}: {@code [{name, type: text | secret, required, scoped, description}]}. */
  private static List<VariableSpec> variables(List<AgentBody.Variable> given) {
    List<VariableSpec> variables = new ArrayList<>();
    for (AgentBody.Variable v : entries(given, "variables")) {
      String field = "variables[" + variables.size() + "]";
      String name = required(v.name(), field + ".name");
      if (!DefinitionEnv.VARIABLE.matcher(name).matches()) {
        throw Problem.invalid(field + ".name", DefinitionEnv.VARIABLE_RULE);
      }
      String type = v.type() == null ? "text" : v.type();
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
              Boolean.TRUE.equals(v.required()),
              v.description(),
              Boolean.TRUE.equals(v.scoped())));
    }
    return variables;
  }

  private static Permission permission(String given, String field) {
    String value = (given == null ? "allow" : given).toUpperCase(Locale.ROOT);
    try {
      return Permission.valueOf(value);
    } catch (IllegalArgumentException e) {
      throw Problem.invalid(field, "must be allow, deny or ask");
    }
  }
}
