package dev.threadline.ingest.bodies;

import static dev.threadline.ingest.bodies.Json.parse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.SideSpec;
import dev.threadline.avro.StopConfig;
import dev.threadline.ingest.Problem;
import java.util.Locale;

/**
 * An agent's {@code type} and, for {@code dual_ai}, its {@code sideB}, as the HTTP API reads and
 * shows them. Side A is the definition's own prompt, model, tools and stop rules; side B names its
 * own ({@code model}, {@code tools} and {@code stop} default to side A's, tools to none). A dual_ai
 * agent needs {@code sideB} and {@code stop.maxSessionTurns} (both sides' turns): 422 naming the
 * field otherwise.
 */
final class SideJson {
  private SideJson() {}

  /** Side B of a dual_ai agent, or null for ai_human. */
  static SideSpec read(AgentBody body, AgentBody.ModelBody agentModel, StopConfig agentStop) {
    String type = body.type() == null ? "ai_human" : body.type();
    if (type.equals("ai_human")) {
      if (body.sideB() != null) {
        throw Problem.invalid("sideB", "only a dual_ai agent has a side B");
      }
      return null;
    }
    if (!type.equals("dual_ai")) {
      throw Problem.invalid("type", "ai_human or dual_ai");
    }
    AgentBody.Side side = body.sideB();
    if (side == null) {
      throw Problem.invalid("sideB", "a dual_ai agent needs side B: {\"systemPrompt\": ...}");
    }
    if (agentStop.getMaxSessionTurns() == null) {
      throw Problem.invalid(
          "stop.maxSessionTurns", "a dual_ai agent needs a cap on its turns (both sides')");
    }
    return new SideSpec(
        "b",
        side.systemPrompt() == null ? "" : side.systemPrompt(),
        AgentJson.model(side.model() != null ? side.model() : agentModel, "sideB.model."),
        AgentJson.tools(side.tools(), "sideB."),
        side.stop() != null ? AgentJson.stop(side.stop(), "sideB.stop.", agentStop) : agentStop);
  }

  static void render(AgentDefinition a, ObjectNode o) {
    SideSpec b = a.getOtherSide();
    o.put("type", b == null ? "ai_human" : "dual_ai");
    if (b == null) {
      return;
    }
    ObjectNode side = o.putObject("sideB").put("systemPrompt", b.getSystemPrompt());
    side.set("model", parse(b.getModel().getConfigJson()));
    side.set("tools", AgentJson.renderTools(b.getTools()));
    ObjectNode stop =
        side.putObject("stop")
            .put("stopOnResponse", b.getStop().getStopOnResponse())
            .put("maxSteps", b.getStop().getMaxSteps());
    if (b.getStop().getStopTool() != null) {
      stop.put("stopTool", b.getStop().getStopTool());
    }
    side.put("name", b.getName().toLowerCase(Locale.ROOT));
  }
}
