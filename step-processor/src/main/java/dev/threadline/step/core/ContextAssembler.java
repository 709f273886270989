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

  /**
   * @param messages the system prompt, the working-set summary, then the history
   * @param historyAt where the history (the active window, after pruning) starts in {@code
   *     messages}
   */
  public record Context(List<Message> messages, List<ToolDef> tools, int historyAt) {}

  /**
   * @param window the active history (messages from {@code state.contextStartSeq()}), in order
   */
  public static Context assemble(MachineState state, List<Message> window, Instant at) {
    return assemble(state, window, at, ContextPolicy.DEFAULTS);
  }

  /**
   * As {@link #assemble(MachineState, List, Instant)}; above {@code policy.pruneAt()} of the token
   * budget, outputs of older tool calls are replaced by a short marker (the newest two are kept;
   * the stored transcript is untouched).
   */
  public static Context assemble(
      MachineState state, List<Message> window, Instant at, ContextPolicy policy) {
    window = DualAi.asSeenBySpeaker(state.agent(), window);
    window =
        prune(
            window,
            Tokens.budget(state.agent()),
            Tokens.overhead(state.agent()),
            policy.pruneAt(),
            Tokens.counter(state.agent()));
    AgentSnapshot agent = state.agent();
    List<Message> messages = new ArrayList<>(window.size() + 1);
    String prompt = interpolate(agent.systemPrompt(), state, at);
    if (!prompt.isBlank()) {
      messages.add(Message.system(prompt));
    }
    workingSet(window).ifPresent(summary -> messages.add(Message.system(summary)));
    int historyAt = messages.size();
    messages.addAll(window);
    return new Context(messages, offered(state), historyAt);
  }

  private static final int WORKING_SET_ITEMS = 10;

  /** In this order (a Set.of would iterate in an order that differs from one JVM to the next). */
  private static final List<String> PATH_ARGUMENTS = List.of("path", "file", "filename", "url");

  private static final List<String> QUOTED_PATH_ARGUMENTS =
      PATH_ARGUMENTS.stream().map(key -> '"' + key + '"').toList();

  /**
   * A short summary of what the window has been working with: the tools called recently and the
   * files or URLs they named, newest first. Empty when no tool was called.
   */
  static java.util.Optional<String> workingSet(List<Message> window) {
    java.util.LinkedHashSet<String> tools = new java.util.LinkedHashSet<>();
    java.util.LinkedHashSet<String> paths = new java.util.LinkedHashSet<>();
    for (int i = window.size() - 1; i >= 0; i--) {
      List<Values.ToolCall> calls = window.get(i).toolCalls();
      for (int j = calls.size() - 1; j >= 0; j--) {
        Values.ToolCall call = calls.get(j);
        if (tools.size() < WORKING_SET_ITEMS) {
          tools.add(call.name());
        }
        for (String value : pathArguments(call.argumentsJson())) {
          if (paths.size() < WORKING_SET_ITEMS) {
            paths.add(value);
          }
        }
      }
    }
    if (tools.isEmpty()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        "Working set — tools used recently: "
            + String.join(", ", tools)
            + (paths.isEmpty() ? "" : "; files and URLs touched: " + String.join(", ", paths)));
  }

  private static List<String> pathArguments(String argumentsJson) {
    List<String> values = new ArrayList<>();
    if (!mayNamePaths(argumentsJson)) {
      return values;
    }
    try {
      var node = JSON.readTree(argumentsJson);
      if (node != null && node.isObject()) {
        for (String key : PATH_ARGUMENTS) {
          if (node.path(key).isTextual()) {
            values.add(node.get(key).asText());
          }
        }
      }
    } catch (java.io.IOException e) {
      // arguments that are not JSON name no files
    }
    return values;
  }

  /**
   * Whether parsing could find a path argument: the window is walked every step, and most calls
   * name none. Escaped text could spell a key in disguise, so it is always parsed.
   */
  private static boolean mayNamePaths(String argumentsJson) {
    if (argumentsJson == null) {
      return false;
    }
    if (argumentsJson.indexOf('\\') >= 0) {
      return true;
    }
    for (String key : QUOTED_PATH_ARGUMENTS) {
      if (argumentsJson.contains(key)) {
        return true;
      }
    }
    return false;
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();

  static List<Message> prune(List<Message> window, long budget, long overhead, double pruneAt) {
    return prune(window, budget, overhead, pruneAt, Tokens.HEURISTIC);
  }

  static List<Message> prune(
      List<Message> window, long budget, long overhead, double pruneAt, Tokens.Counter counter) {
    long used = overhead;
    for (Message m : window) {
      used += Tokens.of(m, counter);
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
      Message shorter = m.withContent(marker);
      used -= Tokens.of(m, counter) - Tokens.of(shorter, counter);
      pruned.set(toolResults.get(k), shorter);
    }
    return pruned;
  }

  /**
   * Replaces {@code {{threadId}}}, {@code {{agentName}}}, {@code {{date}}}, {@code {{model}}} and
   * each text variable's {@code {{env.NAME}}} (a secret's with nothing: it never enters a prompt).
   */
  public static String interpolate(String template, MachineState state, Instant at) {
    if (template == null) {
      return "";
    }
    AgentSnapshot agent = state.agent();
    String model = agent.model().model() != null ? agent.model().model() : agent.model().provider();
    return Env.interpolate(template, agent.env().forPrompt(state.env()))
        .replace("{{threadId}}", state.threadId())
        .replace("{{agentName}}", agent.name())
        .replace("{{date}}", at.atZone(ZoneOffset.UTC).toLocalDate().toString())
        .replace("{{model}}", model);
  }

  /**
   * The tools offered to the model now: the agent's, less a subagent at its {@code maxInstances}
   * (and {@code subagent_create} when every resumable subagent is) — a call the runtime would
   * refuse is not offered (the Standard Agents model: the tool is hidden when the limit is
   * reached). Calling a hidden one anyway is still an error result with guidance.
   */
  public static List<ToolDef> offered(MachineState state) {
    AgentSnapshot agent = state.agent();
    java.util.Set<String> full = new java.util.HashSet<>();
    boolean anyResumable = false;
    boolean anyResumableFree = false;
    for (Subagent spec : agent.subagents()) {
      boolean atMax = state.children().instances(spec.name()) >= spec.maxInstances();
      if (spec.resumable()) {
        anyResumable = true;
        anyResumableFree |= !atMax;
      } else if (atMax) {
        full.add(spec.name());
      }
    }
    if (anyResumable && !anyResumableFree) {
      full.add(RuntimeTools.SUBAGENT_CREATE);
    }
    if (full.isEmpty()) {
      return tools(agent);
    }
    return tools(agent).stream().filter(t -> !full.contains(t.name())).toList();
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
    for (Subagent spec : agent.subagents()) {
      if (!spec.resumable()) {
        tools.add(RuntimeTools.subagentTool(spec));
      }
    }
    for (Subprompt subprompt : agent.subprompts()) {
      tools.add(RuntimeTools.subpromptTool(subprompt));
    }
    for (AgentSnapshot.Handoff handoff : agent.handoffs()) {
      tools.add(RuntimeTools.handoffTool(handoff));
    }
    if (agent.subagents().stream().anyMatch(Subagent::resumable)) {
      tools.add(RuntimeTools.SUBAGENT_CREATE_DEF);
      tools.add(RuntimeTools.SUBAGENT_MESSAGE_DEF);
    }
    return tools;
  }
}
