package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An agent definition as {@code PUT /v1/agents/{name}} takes it, once the models and prompts it
 * names are resolved ({@link References}): each field of its type and no field it does not have
 * ({@link TypedBody#shape}); what the fields mean together is {@link AgentJson}'s to check. The
 * fields {@code GET} adds are dropped before ({@link AgentDefiner}).
 */
public record AgentBody(
    @Schema(required = true, description = "a model of yours by name, or its configuration")
        ModelBody model,
    @Schema(description = "a prompt of yours by name, in place of systemPrompt") String prompt,
    String systemPrompt,
    List<Tool> tools,
    List<Subagent> subagents,
    @Schema(description = "prompts called as tools; an entry may be a prompt's name")
        List<Subprompt> subprompts,
    List<Handoff> handoffs,
    Stop stop,
    Context context,
    @Schema(
            enumeration = {"chat", "task", "chore", "will"},
            defaultValue = "task")
        String group,
    @Schema(
            enumeration = {"ai_human", "dual_ai"},
            defaultValue = "ai_human")
        String type,
    @Schema(description = "side B of a dual_ai agent") Side sideB,
    List<Variable> variables,
    @Schema(implementation = EnvValues.class) Map<String, JsonNode> env,
    @Schema(readOnly = true, implementation = EnvValues.class) Map<String, JsonNode> promptEnv,
    Boolean exposeAsTool,
    String toolDescription,
    @Schema(description = "hook point → the function an executor serves for it")
        Map<String, String> hooks,
    @Schema(
            description =
                "prompts sent while a turn runs: join_turn drains them into its next model call;"
                    + " one_per_turn leaves them queued until the turn ends, then each turn takes"
                    + " one",
            enumeration = {"join_turn", "one_per_turn"},
            defaultValue = "join_turn")
        String queuedPrompts,
    @Schema(description = "what the agent is, for people and front ends", maxLength = 4096)
        String description,
    @Schema(description = "post-turn behaviours, evaluated in this order")
        List<Behavior> behaviors) {

  /**
   * A post-turn behaviour: at an answer without tool calls, when the turn (since it began or a
   * behaviour last fired) called one of {@code toolUsed} and wrote a file matching one of {@code
   * fileWritten} — each only when given — {@code prompt} is added as a user message and the turn
   * goes on; once a turn at most.
   */
  record Behavior(
      @Schema(required = true, pattern = "[A-Za-z0-9_.-]{1,64}") String name,
      @Schema(
              enumeration = {"turn_complete"},
              defaultValue = "turn_complete")
          String on,
      @Schema(description = "tool names: a call of any of them") List<String> toolUsed,
      @Schema(description = "path globs: a file written matching any of them")
          List<String> fileWritten,
      @Schema(required = true, maxLength = 16384) String prompt) {}

  /**
   * A provider's configuration. Fields are the providers' own: {@code openai} reads {@code model},
   * {@code endpoint} (or {@code baseUrl} where the operator allows it), {@code stream} and {@code
   * recentImageThreshold}; {@code scripted} reads {@code script} (or {@code turns}: one script per
   * turn), {@code latencyMs} and {@code stream}. The options every call takes ({@code temperature}
   * to {@code providerOptions}) are held to {@code ModelOptions}' ranges.
   */
  record ModelBody(
      @Schema(
              required = true,
              description = "openai, openai-responses, anthropic, scripted, or the operator's own")
          String provider,
      String model,
      String endpoint,
      String baseUrl,
      Boolean stream,
      Integer recentImageThreshold,
      List<JsonNode> script,
      List<List<JsonNode>> turns,
      Long latencyMs,
      @Schema(description = "0 to 2") JsonNode temperature,
      @Schema(description = "above 0, up to 1") JsonNode topP,
      @Schema(description = "at least 1") JsonNode maxOutputTokens,
      @Schema(description = "a string, or 1 to 4") JsonNode stop,
      @Schema(description = "a whole number") JsonNode seed,
      @Schema(
              description =
                  "{type: text | json_object | json_schema, schema, name, strict}; a json_schema"
                      + " reply is checked against its schema")
          JsonNode responseFormat,
      @Schema(description = "{effort: minimal | low | medium | high} or {budgetTokens}")
          JsonNode reasoning,
      @Schema(description = "auto, none, required or {name}") JsonNode toolChoice,
      Boolean parallelToolCalls,
      @Schema(description = "passed to the provider as it is") JsonNode providerOptions,
      @Schema(
              description =
                  "up to 3 models a call moves to when this one is overloaded, unknown or failing"
                      + " past its retries, in order; none has fallbacks of its own")
          List<ModelBody> fallbacks) {}

  @Schema(
      description =
          "a tool by its name, or an MCP server's tools: {\"mcp\": server, \"tools\": [names]}"
              + " (every tool the tenant may use without tools), stored as each tool's entry")
  record Tool(
      @Schema(description = "required unless mcp is given") String name,
      @Schema(description = "an MCP server GET /v1/mcp-servers lists") String mcp,
      @Schema(description = "with mcp: the server's tools to use (default all)") List<String> tools,
      @Schema(
              enumeration = {"allow", "deny", "ask"},
              defaultValue = "allow")
          String permission,
      String description,
      @Schema(description = "a JSON Schema of the arguments") ObjectNode parameters,
      @Schema(implementation = EnvValues.class) Map<String, JsonNode> env) {}

  record Subagent(
      @Schema(required = true) String name,
      @Schema(required = true) String agent,
      String description,
      @Schema(
              implementation = ResumableOrNot.class,
              description = "false (default), true, or its settings")
          JsonNode resumable,
      Integer maxInstances,
      @Schema(enumeration = {"auto", "implicit", "explicit"}) String parentCommunication,
      @JsonProperty("receives_messages") @Schema(enumeration = {"side_a", "side_b"})
          String receivesMessages,
      String optional,
      String initUserMessageProperty,
      String initAttachmentsProperty,
      String initAgentNameProperty,
      @Schema(implementation = ImmediateOrNot.class) JsonNode immediate,
      Boolean blocking) {}

  /** The object form of a subagent's {@code resumable}. */
  record Resumable(
      @JsonProperty("receives_messages") @Schema(enumeration = {"side_a", "side_b"})
          String receivesMessages,
      Integer maxInstances,
      @Schema(enumeration = {"auto", "implicit", "explicit"}) String parentCommunication) {}

  /** The object form of a subagent's {@code immediate}: variables its bootstrap reads. */
  record Immediate(String nameEnv, String descriptionEnv, List<String> scopedEnv) {}

  record Subprompt(
      @Schema(required = true) String name,
      @Schema(required = true, description = "its text (from the prompt of that name if absent)")
          String prompt,
      String toolDescription,
      ModelBody model,
      Boolean includeChat,
      Boolean includePastTools,
      Boolean includeTextResponse,
      Boolean includeToolCalls,
      Boolean includeErrors,
      String initUserMessageProperty,
      ObjectNode requiredSchema,
      Map<String, String> hooks,
      @Schema(description = "the argument whose file paths go with its user message")
          String initAttachmentsProperty) {}

  record Handoff(@Schema(required = true) String agent, String description) {}

  record Stop(
      @Schema(defaultValue = "true") Boolean stopOnResponse,
      String stopTool,
      @Schema(defaultValue = "20", minimum = "1") Integer maxSteps,
      @Schema(minimum = "1") Integer maxSessionTurns) {}

  record Context(
      @Schema(minimum = "1") Integer windowTokens,
      @Schema(minimum = "1") Integer reservedOutputTokens) {}

  record Side(
      @Schema(readOnly = true) String name,
      String prompt,
      String systemPrompt,
      ModelBody model,
      List<Tool> tools,
      Stop stop) {}

  record Variable(
      @Schema(required = true) String name,
      @Schema(
              enumeration = {"text", "secret"},
              defaultValue = "text")
          String type,
      Boolean required,
      Boolean scoped,
      String description) {}

  /** A variable's value: its text, or {@code {"value", "secret"}}. */
  public record EnvValue(@Schema(required = true) String value, Boolean secret) {}

  @Schema(additionalProperties = EnvValueOrText.class)
  public interface EnvValues {}

  @Schema(oneOf = {String.class, EnvValue.class})
  interface EnvValueOrText {}

  @Schema(oneOf = {Boolean.class, Resumable.class})
  interface ResumableOrNot {}

  @Schema(oneOf = {Boolean.class, Immediate.class})
  interface ImmediateOrNot {}
}
