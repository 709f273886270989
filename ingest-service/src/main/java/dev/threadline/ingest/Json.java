package dev.threadline.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.Attachment;
import dev.threadline.avro.CommunicationMode;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Origin;
import dev.threadline.avro.Permission;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.UserMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * JSON bodies ↔ the Avro contract, with validation that names the field: 400 for malformed JSON and
 * message-model violations, 413 for oversized text, 422 for invalid agent definitions.
 */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper();
  static final int MAX_TEXT_CHARS = 262_144;
  static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");

  private Json() {}

  static JsonNode parse(String body) {
    if (body == null || body.isBlank()) {
      return MAPPER.createObjectNode();
    }
    try {
      return MAPPER.readTree(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw Problem.badRequest("malformed JSON: " + e.getOriginalMessage());
    }
  }

  static ObjectNode object(JsonNode node, String field) {
    if (!(node instanceof ObjectNode o)) {
      throw Problem.badRequest(field + " must be a JSON object");
    }
    return o;
  }

  // ---- agents ------------------------------------------------------------------------------

  static AgentDefinition agent(String name, String tenant, JsonNode body, Instant now) {
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
    List<AgentTool> tools = new ArrayList<>();
    for (JsonNode t : array(body, "tools")) {
      String field = "tools[" + tools.size() + "]";
      tools.add(
          new AgentTool(
              requiredText(t, field + ".name"),
              permission(t.path("permission"), field + ".permission"),
              optionalText(t, "description"),
              t.has("parameters")
                  ? objectOrFail(t.get("parameters"), field + ".parameters").toString()
                  : null));
    }
    List<SubagentSpec> subagents = new ArrayList<>();
    for (JsonNode s : array(body, "subagents")) {
      String field = "subagents[" + subagents.size() + "]";
      String mode = s.path("parentCommunication").asText("auto").toLowerCase(Locale.ROOT);
      if (!mode.equals("auto") && !mode.equals("explicit")) {
        throw Problem.invalid(field + ".parentCommunication", "must be auto or explicit");
      }
      subagents.add(
          new SubagentSpec(
              requiredText(s, field + ".name"),
              requiredText(s, field + ".agent"),
              optionalText(s, "description"),
              s.path("resumable").asBoolean(false),
              positive(s, "maxInstances", field + ".maxInstances", 1),
              mode.equals("explicit") ? CommunicationMode.EXPLICIT : CommunicationMode.AUTO,
              optionalText(s, "initUserMessageProperty"),
              optionalText(s, "initAttachmentsProperty"),
              optionalText(s, "initAgentNameProperty"),
              optionalText(s, "optional"),
              s.path("immediate").asBoolean(false)));
    }
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
        .build();
  }

  static ObjectNode agentJson(AgentDefinition a) {
    ObjectNode o = MAPPER.createObjectNode().put("name", a.getName());
    o.set("model", parse(a.getModel().getConfigJson()));
    o.put("systemPrompt", a.getSystemPrompt());
    ArrayNode tools = o.putArray("tools");
    for (AgentTool t : a.getTools()) {
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
    ArrayNode subagents = o.putArray("subagents");
    for (SubagentSpec s : a.getSubagents()) {
      subagents
          .addObject()
          .put("name", s.getName())
          .put("agent", s.getAgent())
          .put("resumable", s.getResumable())
          .put("maxInstances", s.getMaxInstances())
          .put("parentCommunication", s.getParentCommunication().name().toLowerCase(Locale.ROOT));
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
    ObjectNode context = o.putObject("context");
    if (a.getContext().getWindowTokens() != null) {
      context.put("windowTokens", a.getContext().getWindowTokens());
    }
    if (a.getContext().getReservedOutputTokens() != null) {
      context.put("reservedOutputTokens", a.getContext().getReservedOutputTokens());
    }
    o.put("updatedAt", a.getUpdatedAt().toString());
    return o;
  }

  // ---- messages ----------------------------------------------------------------------------

  /** A message body: {text, origin, channel?, sender?, meta?, attachments?}. */
  static UserMessage message(JsonNode m, String prefix) {
    if (!m.isObject()) {
      throw Problem.invalidMessage(prefix, "must be a JSON object with at least 'text'");
    }
    JsonNode text = m.get("text");
    if (text == null || !text.isTextual()) {
      throw Problem.invalidMessage(prefix + "text", "required string");
    }
    if (text.asText().length() > MAX_TEXT_CHARS) {
      throw Problem.tooLarge(
          prefix + "text",
          "text is " + text.asText().length() + " characters; the limit is " + MAX_TEXT_CHARS);
    }
    String originName = m.path("origin").asText("invoke").toUpperCase(Locale.ROOT);
    Origin origin;
    try {
      origin = Origin.valueOf(originName);
    } catch (IllegalArgumentException e) {
      throw Problem.invalidMessage(
          prefix + "origin", "must be one of invoke, chat, task, chore, will");
    }
    String channel = optionalText(m, "channel");
    if (origin == Origin.CHAT && (channel == null || channel.isBlank())) {
      throw Problem.invalidMessage(prefix + "channel", "required when origin is chat");
    }
    if (origin != Origin.CHAT && channel != null) {
      throw Problem.invalidMessage(
          prefix + "channel", "not allowed when origin is " + originName.toLowerCase(Locale.ROOT));
    }
    String sender = optionalText(m, "sender");
    if (origin == Origin.TASK || origin == Origin.CHORE || origin == Origin.WILL) {
      if (sender != null && !sender.equals("self")) {
        throw Problem.invalidMessage(
            prefix + "sender",
            "must be 'self' (or absent) when origin is " + originName.toLowerCase(Locale.ROOT));
      }
      sender = "self";
    }
    Map<String, String> meta = new HashMap<>();
    m.path("meta")
        .properties()
        .forEach(
            e ->
                meta.put(
                    e.getKey(),
                    e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
    List<Attachment> attachments = new ArrayList<>();
    for (JsonNode a : array(m, "attachments")) {
      String path = requiredText(a, prefix + "attachments[" + attachments.size() + "].path");
      if (path.contains("..")) {
        throw Problem.invalidMessage(
            prefix + "attachments[" + attachments.size() + "].path",
            "must stay inside the thread's folder");
      }
      attachments.add(
          new Attachment(
              path,
              optionalText(a, "mediaType"),
              optionalText(a, "name"),
              a.has("sizeBytes") ? a.get("sizeBytes").asLong() : null));
    }
    return new UserMessage(origin, channel, sender, text.asText(), meta, attachments);
  }

  // ---- helpers -----------------------------------------------------------------------------

  private static Iterable<JsonNode> array(JsonNode parent, String field) {
    JsonNode node = parent.get(field);
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (!node.isArray()) {
      throw Problem.invalid(field, "must be an array");
    }
    return node;
  }

  private static JsonNode objectOrFail(JsonNode node, String field) {
    if (!node.isObject()) {
      throw Problem.invalid(field, "must be a JSON object (a JSON Schema)");
    }
    return node;
  }

  static String requiredText(JsonNode node, String field) {
    String leaf = field.substring(field.lastIndexOf('.') + 1);
    JsonNode v = node.get(leaf);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw field.startsWith("attachments") || field.contains(".attachments")
          ? Problem.invalidMessage(field, "required string")
          : Problem.invalid(field, "required string");
    }
    return v.asText();
  }

  static String optionalText(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static int positive(JsonNode node, String leaf, String field, int defaultValue) {
    JsonNode v = node.get(leaf);
    if (v == null || v.isNull()) {
      return defaultValue;
    }
    if (!v.isInt() || v.asInt() < 1) {
      throw Problem.invalid(field, "must be a whole number of at least 1");
    }
    return v.asInt();
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
