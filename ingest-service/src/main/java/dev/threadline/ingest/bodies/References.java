package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.ingest.Problem;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An agent definition as its author wrote it, naming the tenant's models and prompts, made into the
 * inline definition {@link AgentJson} reads and a thread freezes:
 *
 * <ul>
 *   <li>{@code "model": "fast"} (on the agent, {@code sideB}, a subprompt or a prompt) is model
 *       {@code fast}'s configuration;
 *   <li>{@code "prompt": "coordinator"} (on the agent or {@code sideB}) is that prompt's text as
 *       the system prompt, and its model when the agent (side) names none;
 *   <li>a {@code subprompts} entry that is a string, or an object without {@code prompt}, is the
 *       prompt of that name exposed as a tool; the entry's own fields win over the prompt's.
 * </ul>
 *
 * A name that is not one of the tenant's is a 422 naming the field.
 */
public final class References {
  /** Fields a prompt gives a subprompt entry that does not set them. */
  private static final List<String> PROMPT_FIELDS =
      List.of(
          "prompt",
          "model",
          "toolDescription",
          "includeChat",
          "includePastTools",
          "initUserMessageProperty",
          "initAttachmentsProperty",
          "requiredSchema",
          "hooks");

  /** The tenant's models and prompts, as validated JSON. */
  public interface Lookup {
    Optional<JsonNode> model(String name);

    Optional<JsonNode> prompt(String name);
  }

  /** The inline definition, and what it used ({@code model:<name>}, {@code prompt:<name>}). */
  public record Resolved(ObjectNode body, List<String> uses) {}

  private final Lookup lookup;
  private final Set<String> uses = new LinkedHashSet<>();

  private References(Lookup lookup) {
    this.lookup = lookup;
  }

  public static Resolved resolve(JsonNode written, Lookup lookup) {
    if (!written.isObject()) {
      throw Problem.invalid("$", "an agent definition is a JSON object");
    }
    References references = new References(lookup);
    ObjectNode body = written.deepCopy();
    references.side(body, "");
    if (body.get("sideB") instanceof ObjectNode sideB) {
      references.side(sideB, "sideB.");
    }
    if (body.get("subprompts") instanceof ArrayNode subprompts) {
      for (int i = 0; i < subprompts.size(); i++) {
        subprompts.set(i, references.subprompt(subprompts.get(i), "subprompts[" + i + "]."));
      }
    }
    return new Resolved(body, List.copyOf(references.uses));
  }

  /**
   * The agent's side A (its own fields) or side B: a prompt by name, then a model by name (the
   * prompt's model is resolved only when the side does not name its own, so only used names count).
   */
  private void side(ObjectNode side, String prefix) {
    if (side.path("prompt").isTextual()) {
      String name = side.remove("prompt").asText();
      if (side.has("systemPrompt")) {
        throw Problem.invalid(prefix + "prompt", "name a prompt or write a systemPrompt, not both");
      }
      JsonNode prompt = prompt(name, prefix + "prompt");
      side.put("systemPrompt", prompt.path("prompt").asText(""));
      if (prefix.isEmpty() && prompt.has("env")) {
        side.set("promptEnv", prompt.get("env")); // side A's prompt's values: first in precedence
      }
      if (!side.has("model") && prompt.has("model")) {
        side.set("model", prompt.get("model"));
      }
    }
    model(side, prefix + "model");
  }

  private JsonNode subprompt(JsonNode entry, String prefix) {
    ObjectNode resolved;
    if (entry.isTextual()) {
      resolved = Json.MAPPER.createObjectNode().put("name", entry.asText());
    } else if (entry instanceof ObjectNode object) {
      resolved = object;
    } else {
      return entry; // SubpromptJson names what is wrong with it
    }
    if (!resolved.has("prompt") && resolved.path("name").isTextual()) {
      JsonNode prompt = prompt(resolved.get("name").asText(), prefix + "name");
      for (String field : PROMPT_FIELDS) {
        if (!resolved.has(field) && prompt.has(field)) {
          resolved.set(field, prompt.get(field));
        }
      }
    }
    model(resolved, prefix + "model");
    return resolved;
  }

  /** Replaces {@code holder.model}, when it is a name, with that model's configuration. */
  private void model(ObjectNode holder, String field) {
    if (holder.path("model").isTextual()) {
      String name = holder.get("model").asText();
      holder.set(
          "model",
          lookup
              .model(name)
              .orElseThrow(
                  () ->
                      Problem.invalid(
                          field,
                          "no model '" + name + "' of yours: PUT /v1/models/" + name + " first")));
      uses.add("model:" + name);
    }
  }

  private JsonNode prompt(String name, String field) {
    JsonNode prompt =
        lookup
            .prompt(name)
            .orElseThrow(
                () ->
                    Problem.invalid(
                        field,
                        "no prompt '" + name + "' of yours: PUT /v1/prompts/" + name + " first"));
    uses.add("prompt:" + name);
    return prompt;
  }
}
