package dev.threadline.ingest;

import static dev.threadline.ingest.Json.MAPPER;
import static dev.threadline.ingest.Json.array;
import static dev.threadline.ingest.Json.objectOrFail;
import static dev.threadline.ingest.Json.optionalText;
import static dev.threadline.ingest.Json.parse;
import static dev.threadline.ingest.Json.requiredText;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.SubpromptSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * An agent's {@code subprompts} (prompts it calls as tools) as the HTTP API reads and shows them:
 * each validated field by field (422 naming it); a name may not be a tool's or a subagent's.
 */
final class SubpromptJson {
  private static final List<String> FLAGS =
      List.of(
          "includeChat",
          "includePastTools",
          "includeTextResponse",
          "includeToolCalls",
          "includeErrors");

  private SubpromptJson() {}

  static List<SubpromptSpec> read(
      JsonNode body, List<AgentTool> tools, List<SubagentSpec> subagents) {
    List<SubpromptSpec> subprompts = new ArrayList<>();
    for (JsonNode p : array(body, "subprompts")) {
      String field = "subprompts[" + subprompts.size() + "]";
      if (!p.isObject()) {
        throw Problem.invalid(field, "a subprompt is a JSON object");
      }
      String name = requiredText(p, field + ".name");
      if (!AgentJson.NAME.matcher(name).matches()) {
        throw Problem.invalid(field + ".name", "use 1-100 of A-Z a-z 0-9 . _ -");
      }
      boolean taken =
          tools.stream().anyMatch(t -> t.getName().equals(name))
              || subagents.stream().anyMatch(s -> s.getName().equals(name))
              || subprompts.stream().anyMatch(s -> s.getName().equals(name));
      if (taken) {
        throw Problem.invalid(
            field + ".name", "'" + name + "' is already the name of a tool of this agent");
      }
      for (String flag : FLAGS) {
        if (p.has(flag) && !p.get(flag).isBoolean()) {
          throw Problem.invalid(field + "." + flag, "must be true or false");
        }
      }
      subprompts.add(
          new SubpromptSpec(
              name,
              optionalText(p, "toolDescription"),
              requiredText(p, field + ".prompt"),
              model(p.get("model"), field + ".model"),
              p.path("includeChat").asBoolean(false),
              p.path("includePastTools").asBoolean(false),
              optionalText(p, "initUserMessageProperty"),
              p.has("requiredSchema")
                  ? objectOrFail(p.get("requiredSchema"), field + ".requiredSchema").toString()
                  : null,
              p.path("includeTextResponse").asBoolean(true),
              p.path("includeToolCalls").asBoolean(true),
              p.path("includeErrors").asBoolean(true)));
    }
    return subprompts;
  }

  /** Its own model, kept whole as the provider's configuration; absent: the agent's. */
  private static ModelSpec model(JsonNode model, String field) {
    if (model == null || model.isNull()) {
      return null;
    }
    if (!model.isObject()
        || !model.path("provider").isTextual()
        || model.get("provider").asText().isBlank()) {
      throw Problem.invalid(field + ".provider", "required string");
    }
    return new ModelSpec(
        model.get("provider").asText(), optionalText(model, "model"), model.toString());
  }

  static ArrayNode render(List<SubpromptSpec> subprompts) {
    ArrayNode out = MAPPER.createArrayNode();
    for (SubpromptSpec s : subprompts) {
      ObjectNode p = out.addObject().put("name", s.getName()).put("prompt", s.getPrompt());
      if (s.getDescription() != null) {
        p.put("toolDescription", s.getDescription());
      }
      if (s.getModel() != null) {
        p.set("model", parse(s.getModel().getConfigJson()));
      }
      p.put("includeChat", s.getIncludeChat())
          .put("includePastTools", s.getIncludePastTools())
          .put("includeTextResponse", s.getIncludeTextResponse())
          .put("includeToolCalls", s.getIncludeToolCalls())
          .put("includeErrors", s.getIncludeErrors());
      if (s.getInitUserMessageProperty() != null) {
        p.put("initUserMessageProperty", s.getInitUserMessageProperty());
      }
      if (s.getParametersJson() != null) {
        p.set("requiredSchema", parse(s.getParametersJson()));
      }
    }
    return out;
  }
}
