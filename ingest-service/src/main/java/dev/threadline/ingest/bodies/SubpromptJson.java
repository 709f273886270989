package dev.threadline.ingest.bodies;

import static dev.threadline.ingest.bodies.Json.MAPPER;
import static dev.threadline.ingest.bodies.Json.parse;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.SubpromptSpec;
import dev.threadline.ingest.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * An agent's {@code subprompts} (prompts it calls as tools) as the HTTP API reads and shows them:
 * each validated field by field (422 naming it); a name may not be a tool's or a subagent's.
 */
final class SubpromptJson {
  private SubpromptJson() {}

  static List<SubpromptSpec> read(
      List<AgentBody.Subprompt> given, List<AgentTool> tools, List<SubagentSpec> subagents) {
    List<SubpromptSpec> subprompts = new ArrayList<>();
    for (AgentBody.Subprompt p : given) {
      String field = "subprompts[" + subprompts.size() + "]";
      String name = AgentJson.required(p.name(), field + ".name");
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
      subprompts.add(
          new SubpromptSpec(
              name,
              p.toolDescription(),
              AgentJson.required(p.prompt(), field + ".prompt"),
              p.model() == null ? null : AgentJson.model(p.model(), field + ".model."),
              Boolean.TRUE.equals(p.includeChat()),
              Boolean.TRUE.equals(p.includePastTools()),
              p.initUserMessageProperty(),
              p.requiredSchema() == null ? null : p.requiredSchema().toString(),
              !Boolean.FALSE.equals(p.includeTextResponse()),
              !Boolean.FALSE.equals(p.includeToolCalls()),
              !Boolean.FALSE.equals(p.includeErrors()),
              HookJson.readForPrompt(p.hooks(), field + ".hooks"),
              p.initAttachmentsProperty()));
    }
    return subprompts;
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
      if (s.getInitAttachmentsProperty() != null) {
        p.put("initAttachmentsProperty", s.getInitAttachmentsProperty());
      }
      if (s.getParametersJson() != null) {
        p.set("requiredSchema", parse(s.getParametersJson()));
      }
      if (!s.getHooks().isEmpty()) {
        ObjectNode hooks = p.putObject("hooks");
        new java.util.TreeMap<>(s.getHooks()).forEach(hooks::put);
      }
    }
    return out;
  }
}
