package dev.threadline.step.core;

import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import java.util.Map;

/**
 * A prompt exposed as a tool (spec §5.3): one model step with its own system prompt and model
 * ({@code null}: the calling agent's), whose answer is the tool's result.
 *
 * @param includeChat it sees the caller's user and assistant text
 * @param includePastTools with {@code includeChat}, also the caller's answered tool calls
 * @param initUserMessageProperty the argument sent as its user message ({@code message} if null)
 * @param parametersJson the tool's arguments schema (requiredSchema), or null for the default
 * @param includeTextResponse the result carries the answer's text
 * @param includeToolCalls the result carries the tool calls the answer asked for (not run)
 * @param includeErrors a failed call's result says why (else only that it failed)
 * @param hooks the prompt's own hooks (a model call's), run by the executor on its model step
 * @param initAttachmentsProperty the argument whose paths go with its user message (null: none)
 */
public record Subprompt(
    String name,
    String description,
    String prompt,
    ModelConfig model,
    boolean includeChat,
    boolean includePastTools,
    String initUserMessageProperty,
    String parametersJson,
    boolean includeTextResponse,
    boolean includeToolCalls,
    boolean includeErrors,
    Map<String, String> hooks,
    String initAttachmentsProperty) {

  public Subprompt {
    hooks = hooks == null ? Map.of() : Map.copyOf(hooks);
  }

  /** The argument whose value is sent as the subprompt's user message. */
  public String messageProperty() {
    return initUserMessageProperty == null ? "message" : initUserMessageProperty;
  }
}
