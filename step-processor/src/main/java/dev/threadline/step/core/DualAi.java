package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import java.util.ArrayList;
import java.util.List;

/**
 * dual_ai agents (spec §4, Standard Agents model): two AI sides converse, taking turns, until a
 * side ends the session or {@code maxSessionTurns} (both sides' turns) is reached. The speaking
 * side is the agent snapshot's own fields; switching sides swaps them with {@link
 * AgentSnapshot#otherSide}, so everything that reads the thread's agent (prompt, model, tools, stop
 * rules, routing) reads the speaking side. A side's assistant messages and tool results are tagged
 * with it ({@code sender} {@code side_a} / {@code side_b}); each side sees its own messages as
 * {@code assistant}, the other side's text as {@code user}, and none of the other side's tool calls
 * or results.
 */
public final class DualAi {
  private static final String TAG = "side_";

  /**
   * The metadata key of a message a parent sent as one side's words ({@code receives_messages}):
   * {@code b} — it is stored as side B's assistant message.
   */
  public static final String AS = "as";

  private DualAi() {}

  public static boolean isDualAi(AgentSnapshot agent) {
    return agent.otherSide() != null;
  }

  /** The speaking side's name, or null for an ai_human agent. */
  public static String speaking(AgentSnapshot agent) {
    return agent.otherSide() == null ? null : Side.opposite(agent.otherSide().name());
  }

  /** The same agent with the other side speaking; the session's turn cap stays the session's. */
  public static AgentSnapshot switchSides(AgentSnapshot agent) {
    Side next = agent.otherSide();
    Side current =
        new Side(speaking(agent), agent.systemPrompt(), agent.model(), agent.tools(), agent.stop());
    AgentSnapshot.StopRules stop =
        new AgentSnapshot.StopRules(
            next.stop().stopOnResponse(),
            next.stop().stopTool(),
            next.stop().maxSteps(),
            agent.stop().maxSessionTurns());
    return agent.with(
        b -> {
          b.model = next.model();
          b.systemPrompt = next.systemPrompt();
          b.tools = next.tools();
          b.stop = stop;
          b.otherSide = current;
        });
  }

  /**
   * {@code m} tagged with the speaking side, if it is a side's (assistant or tool) message not
   * already tagged with one.
   */
  public static Message tagged(AgentSnapshot agent, Message m) {
    if (!isDualAi(agent)
        || (m.role() != Role.ASSISTANT && m.role() != Role.TOOL)
        || (m.sender() != null && m.sender().startsWith(TAG))) {
      return m;
    }
    return m.withSender(TAG + speaking(agent));
  }

  /**
   * How a drained message joins a thread's conversation: as a user message, or — for a dual_ai
   * thread whose parent sent it as side B's words — as side B's assistant message.
   */
  public static Message received(AgentSnapshot agent, InboundMessage in) {
    if (!isDualAi(agent) || !Side.B.equals(in.meta().get(AS))) {
      return Message.user(in);
    }
    return Message.inbound(Role.ASSISTANT, in, TAG + Side.B);
  }

  /** The window as the speaking side sees it. */
  public static List<Message> asSeenBySpeaker(AgentSnapshot agent, List<Message> window) {
    if (!isDualAi(agent)) {
      return window;
    }
    String own = TAG + speaking(agent);
    List<Message> seen = new ArrayList<>(window.size());
    for (Message m : window) {
      boolean sides = m.role() == Role.ASSISTANT || m.role() == Role.TOOL;
      if (!sides || own.equals(m.sender())) {
        seen.add(m);
      } else if (m.role() == Role.ASSISTANT && m.content() != null && !m.content().isBlank()) {
        seen.add(Message.user(InboundMessage.invoke(m.content())));
      }
    }
    return seen;
  }
}
