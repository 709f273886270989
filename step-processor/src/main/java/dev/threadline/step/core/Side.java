package dev.threadline.step.core;

import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import java.util.List;

/**
 * One side of a dual_ai agent (spec §4): its prompt, model, tools and stop rules. The speaking
 * side's are the agent snapshot's own fields; the other side waits here ({@link
 * AgentSnapshot#otherSide}).
 *
 * @param name {@code a} or {@code b}
 */
public record Side(
    String name, String systemPrompt, ModelConfig model, List<AgentTool> tools, StopRules stop) {
  public static final String A = "a";
  public static final String B = "b";

  public Side {
    tools = List.copyOf(tools);
  }

  /** The other side's name. */
  public static String opposite(String name) {
    return A.equals(name) ? B : A;
  }
}
