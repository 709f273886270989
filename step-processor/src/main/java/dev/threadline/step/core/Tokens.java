package dev.threadline.step.core;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import java.util.regex.Pattern;

/**
 * Token counts for context budgeting: the model family's real tokenizer where it is known (OpenAI
 * encodings through jtokkit: o200k_base for gpt-4o, gpt-4.1, o-series and gpt-5, cl100k_base for
 * gpt-4 and gpt-3.5), else a conservative estimate of about four characters a token. Each message
 * adds a few tokens of framing.
 */
public final class Tokens {
  private static final int PER_MESSAGE = 4;
  private static final EncodingRegistry REGISTRY = Encodings.newLazyEncodingRegistry();
  private static final Pattern O_SERIES = Pattern.compile("o[1-9].*");

  private Tokens() {}

  /** Counts the tokens of a text. */
  @FunctionalInterface
  public interface Counter {
    long count(String text);
  }

  public static final Counter HEURISTIC = Tokens::of;

  /** The counter for the agent's model family. */
  public static Counter counter(AgentSnapshot agent) {
    String model =
        agent.model().model() == null
            ? ""
            : agent.model().model().toLowerCase(java.util.Locale.ROOT);
    EncodingType type;
    if (model.startsWith("gpt-4o")
        || model.startsWith("gpt-4.1")
        || model.startsWith("gpt-5")
        || O_SERIES.matcher(model).matches()) {
      type = EncodingType.O200K_BASE;
    } else if (model.startsWith("gpt-4") || model.startsWith("gpt-3.5")) {
      type = EncodingType.CL100K_BASE;
    } else {
      return HEURISTIC;
    }
    Encoding encoding = REGISTRY.getEncoding(type);
    return text -> text == null ? 0 : encoding.countTokensOrdinary(text);
  }

  public static long of(Message m, Counter counter) {
    long tokens = PER_MESSAGE + counter.count(m.content());
    for (ToolCall c : m.toolCalls()) {
      tokens += counter.count(c.name()) + counter.count(c.argumentsJson()) + PER_MESSAGE;
    }
    return tokens;
  }

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
    Counter counter = counter(agent);
    long tokens = counter.count(agent.systemPrompt()) + PER_MESSAGE;
    for (RuntimeTools.ToolDef t : ContextAssembler.tools(agent)) {
      tokens +=
          counter.count(t.name())
              + counter.count(t.description())
              + counter.count(t.parametersJson());
    }
    return tokens;
  }
}
