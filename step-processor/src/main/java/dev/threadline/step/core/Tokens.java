package dev.threadline.step.core;

import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;

/**
 * A conservative token estimate (about four characters a token, plus per-message framing), used for
 * context budgeting. It overestimates for English prose, which is the safe side.
 */
public final class Tokens {
  private static final int PER_MESSAGE = 4;

  private Tokens() {}

  public static long of(String text) {
    return text == null ? 0 : (text.length() + 3) / 4;
  }

  public static long of(Message m) {
    long tokens = PER_MESSAGE + of(m.content());
    for (ToolCall c : m.toolCalls()) {
      tokens += of(c.name()) + of(c.argumentsJson()) + PER_MESSAGE;
    }
    return tokens;
  }

  /** The part of the model's window the context may fill: window − reserved output − a buffer. */
  public static long budget(AgentSnapshot agent) {
    long window = agent.context().windowTokens() == null ? 32_000 : agent.context().windowTokens();
    long reserved =
        agent.context().reservedOutputTokens() == null
            ? 4_096
            : agent.context().reservedOutputTokens();
    return Math.max(1_024, window - reserved - 1_024);
  }

  /** What every request carries besides the history: system prompt and tool definitions. */
  public static long overhead(AgentSnapshot agent) {
    long tokens = of(agent.systemPrompt()) + PER_MESSAGE;
    for (RuntimeTools.ToolDef t : ContextAssembler.tools(agent)) {
      tokens += of(t.name()) + of(t.description()) + of(t.parametersJson());
    }
    return tokens;
  }
}
