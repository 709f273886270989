package dev.threadline.step.core.machine.tools;

import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.ContextAssembler;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Subprompt;
import dev.threadline.step.core.machine.awaits.Subprompts;
import java.util.Optional;

/**
 * Where a tool call goes (spec §5), decided from the frozen agent and the call's name alone. The
 * order matters: runtime tools shadow declared tools of the same name, and a stop tool needs no
 * declaration.
 */
public final class ToolRouting {
  private ToolRouting() {}

  /** The destinations of a tool call. */
  sealed interface Route {}

  /** sessionStop, sessionFail, sessionStatus: decided here ({@link SessionTools}). */
  record Session() implements Route {}

  /** A declared, non-resumable subagent called as a tool: a child thread for one task. */
  record DeclaredSubagent(Subagent spec) implements Route {}

  /** A prompt called as a tool: one model step of its own ({@link Subprompts}). */
  record SubpromptCall(Subprompt subprompt) implements Route {}

  /** An agent this one may hand the thread to ({@link Handoffs}). */
  record HandOff(AgentSnapshot.Handoff handoff) implements Route {}

  /** subagent_create or subagent_message: resumable children managed by name. */
  record SubagentControl() implements Route {}

  /** get_value, set_value: run by the shell on the thread's key-value store, at once. */
  record Store() implements Route {}

  /** The agent's stop tool, not declared as a tool of its own: it just ends the turn. */
  record StopTool() implements Route {}

  /** Not a tool this agent has, or one it may not use: an error result saying why. */
  record Refused(String reason) implements Route {}

  /** A declared tool with permission ask: waits for an approval decision first. */
  record NeedsApproval() implements Route {}

  /** A declared tool: a request to the executors. */
  record Executor() implements Route {}

  static Route route(AgentSnapshot agent, String name) {
    if (RuntimeTools.LIFECYCLE.contains(name)) {
      return new Session();
    }
    Optional<Subagent> subagent =
        agent.subagents().stream()
            .filter(sa -> !sa.resumable() && sa.name().equals(name))
            .findFirst();
    if (subagent.isPresent()) {
      return new DeclaredSubagent(subagent.get());
    }
    Optional<Subprompt> subprompt = agent.subprompt(name);
    if (subprompt.isPresent()) {
      return new SubpromptCall(subprompt.get());
    }
    Optional<AgentSnapshot.Handoff> handoff = agent.handoff(name);
    if (handoff.isPresent()) {
      return new HandOff(handoff.get());
    }
    if (RuntimeTools.SUBAGENT.contains(name)) {
      return new SubagentControl();
    }
    if (RuntimeTools.STORE.contains(name)) {
      return new Store();
    }
    Optional<AgentTool> declared = agent.tool(name);
    if (declared.isEmpty() && name.equals(agent.stop().stopTool())) {
      return new StopTool();
    }
    if (declared.isEmpty()) {
      return new Refused(
          "unknown tool '"
              + name
              + "'; available tools: "
              + ContextAssembler.tools(agent).stream().map(RuntimeTools.ToolDef::name).toList());
    }
    return switch (declared.get().permission()) {
      case DENY -> new Refused("permission denied: tool '" + name + "' is denied for this agent");
      case ASK -> new NeedsApproval();
      case ALLOW -> new Executor();
    };
  }

  /**
   * Whether a call of {@code route} is one the step processor runs (not refused before it ran), so
   * the agent's tool hooks run around it there.
   */
  static boolean ranByRuntime(Route route) {
    return isRuntime(route) && !(route instanceof Refused);
  }

  /** Whether a route is handled inside the step processor ({@code ToolCallRequested.runtime}). */
  static boolean isRuntime(Route route) {
    return !(route instanceof NeedsApproval || route instanceof Executor);
  }
}
