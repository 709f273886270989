package dev.threadline.ingest;

import static dev.threadline.ingest.Json.optionalText;
import static dev.threadline.ingest.Json.positive;
import static dev.threadline.ingest.Json.requiredText;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.CommunicationMode;
import dev.threadline.avro.SubagentSpec;
import java.util.Locale;

/**
 * One entry of an agent's {@code subagents} as the HTTP API reads it. {@code resumable} is {@code
 * false} (the default), {@code true}, or the spec's object form {@code {"receives_messages":
 * "side_a" | "side_b", "maxInstances": n, "parentCommunication": "implicit" | "explicit"}}, whose
 * fields win over the entry's own {@code maxInstances} and {@code parentCommunication}. {@code
 * blocking} defaults to true for a one-shot subagent and cannot be true for a resumable one. 422
 * naming the field for anything else.
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
    String receives =
        objectForm ? resumableNode.path("receives_messages").asText("side_a") : "side_a";
    if (!receives.equals("side_a") && !receives.equals("side_b")) {
      throw Problem.invalid(field + ".resumable.receives_messages", "side_a or side_b");
    }
    JsonNode blocking = s.path("blocking");
    if (!blocking.isMissingNode() && !blocking.isBoolean()) {
      throw Problem.invalid(field + ".blocking", "must be true or false");
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
        s.path("immediate").asBoolean(false),
        // The spec's default: the parent's call waits for the child's result.
        blocking.asBoolean(!resumable),
        receives);
  }
}
