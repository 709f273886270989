package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.RuntimeTools.ToolDef;
import dev.threadline.step.core.Values.Message;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds what a model call sees (spec §4): the interpolated system prompt, the thread's active
 * history and the tool definitions from the frozen agent snapshot plus the runtime tools.
 */
public final class ContextAssembler {
  private ContextAssembler() {}

  public record Context(List<Message> messages, List<ToolDef> tools) {}

  /**
   * @param window the active history (messages from {@code state.contextStartSeq()}), in order
   */
  public static Context assemble(ThreadState state, List<Message> window, Instant at) {
    return assemble(state, window, at, ContextPolicy.DEFAULTS);
  }

  /**
   * As {@link #assemble(ThreadState, List, Instant)}; above {@code policy.pruneAt()} of the token
   * budget, outputs of older tool calls are replaced by a short marker (the newest two are kept;
   * the stored transcript is untouched).
   */
  public static Context assemble(
      ThreadState state, List<Message> window, Instant at, ContextPolicy policy) {
    window =
        prune(
            window, Tokens.budget(state.agent()), Tokens.overhead(state.agent()), policy.pruneAt());
    AgentSnapshot agent = state.agent();
    List<Message> messages = new ArrayList<>(window.size() + 1);
    String prompt = interpolate(agent.systemPrompt(), state, at);
    if (!prompt.isBlank()) {
      messages.add(Message.system(prompt));
    }
    messages.addAll(window);
    return new Context(messages, tools(agent));
  }

  static List<Message> prune(List<Message> window, long budget, long overhead, double pruneAt) {
    long used = overhead;
    for (Message m : window) {
      used += Tokens.of(m);
    }
    if (used < pruneAt * budget) {
      return window;
    }
    List<Integer> toolResults = new ArrayList<>();
    for (int i = 0; i < window.size(); i++) {
      if (window.get(i).role() == Enums.Role.TOOL) {
        toolResults.add(i);
      }
    }
    List<Message> pruned = new ArrayList<>(window);
    for (int k = 0; k < toolResults.size() - 2 && used >= pruneAt * budget; k++) {
      Message m = pruned.get(toolResults.get(k));
      String marker =
          "[tool output pruned to save context: "
              + (m.content() == null ? 0 : m.content().length())
              + " characters]";
      Message shorter =
          new Message(
              m.role(),
              marker,
              m.toolCalls(),
              m.toolCallId(),
              m.toolName(),
              m.isError(),
              m.origin(),
              m.channel(),
              m.sender(),
              m.attachments());
      used -= Tokens.of(m) - Tokens.of(shorter);
      pruned.set(toolResults.get(k), shorter);
    }
    return pruned;
  }

  /**
   * Replaces {@code {{threadId}}}, {@code {{agentName}}}, {@code {{date}}} and {@code {{model}}}.
   */
  public static String interpolate(String template, ThreadState state, Instant at) {
    if (template == null) {
      return "";
    }
    AgentSnapshot agent = state.agent();
    String model = agent.model().model() != null ? agent.model().model() : agent.model().provider();
    return template
        .replace("{{threadId}}", state.threadId())
        .replace("{{agentName}}", agent.name())
        .replace("{{date}}", at.atZone(ZoneOffset.UTC).toLocalDate().toString())
        .replace("{{model}}", model);
  }

  /** Allowed and ask tools of the agent (denied ones are not offered), then the runtime tools. */
  public static List<ToolDef> tools(AgentSnapshot agent) {
    List<ToolDef> tools = new ArrayList<>();
    for (AgentSnapshot.AgentTool t : agent.tools()) {
      if (t.permission() != Permission.DENY && !RuntimeTools.isRuntime(t.name())) {
        tools.add(new ToolDef(t.name(), t.description(), t.parametersJson()));
      }
    }
    String stopTool = agent.stop().stopTool();
    if (stopTool != null && agent.tool(stopTool).isEmpty() && !RuntimeTools.isRuntime(stopTool)) {
      tools.add(
          new ToolDef(
              stopTool, "Call this when the work of this turn is done.", "{\"type\":\"object\"}"));
    }
    tools.addAll(RuntimeTools.DEFINITIONS);
    for (AgentSnapshot.Subagent spec : agent.subagents()) {
      if (!spec.resumable()) {
        tools.add(RuntimeTools.subagentTool(spec));
      }
    }
    if (agent.subagents().stream().anyMatch(AgentSnapshot.Subagent::resumable)) {
      tools.add(RuntimeTools.SUBAGENT_CREATE_DEF);
      tools.add(RuntimeTools.SUBAGENT_MESSAGE_DEF);
    }
    return tools;
  }
}
