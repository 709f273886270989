package dev.threadline.step.core;

import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Enums.QueuedPrompts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The agent definition frozen into a thread at creation: later edits of the agent do not change
 * running threads.
 *
 * @param lane the thread group the agent's turns run in by default (Avro: {@code group})
 * @param team the agents its subagents and handoffs (and theirs) run, frozen with the thread when
 *     it was created; flat, each once
 * @param handoffs the agents it may hand the thread to (each a tool named after its agent)
 * @param subprompts prompts it may call as tools, each one model step of its own
 * @param otherSide a dual_ai agent's side that is not speaking ({@link DualAi}); null for ai_human
 * @param env the env variables its threads take, and the values it gives them ({@link Env.Spec})
 * @param hooks hook point to the function an executor runs there (the runtime passes them on)
 * @param queuedPrompts whether queued prompts join the running turn or wait for a turn each
 * @param behaviors its post-turn behaviours, in the order they are evaluated
 */
public record AgentSnapshot(
    String name,
    String tenantId,
    ModelConfig model,
    String systemPrompt,
    List<AgentTool> tools,
    List<Subagent> subagents,
    StopRules stop,
    Lane lane,
    ContextBudget context,
    Instant updatedAt,
    List<AgentSnapshot> team,
    List<Handoff> handoffs,
    List<Subprompt> subprompts,
    Side otherSide,
    Env.Spec env,
    Map<String, String> hooks,
    QueuedPrompts queuedPrompts,
    List<Behavior> behaviors) {

  public AgentSnapshot {
    // Sorted: requests carry them, and a request's bytes must not depend on a map's salt.
    hooks = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(hooks));
    tools = List.copyOf(tools);
    subagents = List.copyOf(subagents);
    team = List.copyOf(team);
    handoffs = List.copyOf(handoffs);
    subprompts = List.copyOf(subprompts);
    behaviors = List.copyOf(behaviors);
  }

  /**
   * An {@code ai_human} agent without tools, subagents, team, handoffs, subprompts or env: add what
   * it has with {@link #with}.
   */
  public static AgentSnapshot of(
      String name,
      String tenantId,
      ModelConfig model,
      String systemPrompt,
      StopRules stop,
      Lane lane,
      ContextBudget context,
      Instant updatedAt) {
    return new AgentSnapshot(
        name,
        tenantId,
        model,
        systemPrompt,
        List.of(),
        List.of(),
        stop,
        lane,
        context,
        updatedAt,
        List.of(),
        List.of(),
        List.of(),
        null,
        Env.Spec.NONE,
        Map.of(),
        QueuedPrompts.JOIN_TURN,
        List.of());
  }

  /** A copy with the fields {@code edit} sets; every other field as it is. */
  public AgentSnapshot with(Consumer<Builder> edit) {
    Builder b = new Builder(this);
    edit.accept(b);
    return b.build();
  }

  /** The fields of an agent snapshot, for {@link #with}. */
  public static final class Builder {
    public String name;
    public String tenantId;
    public ModelConfig model;
    public String systemPrompt;
    public List<AgentTool> tools;
    public List<Subagent> subagents;
    public StopRules stop;
    public Lane lane;
    public ContextBudget context;
    public Instant updatedAt;
    public List<AgentSnapshot> team;
    public List<Handoff> handoffs;
    public List<Subprompt> subprompts;
    public Side otherSide;
    public Env.Spec env;
    public Map<String, String> hooks;
    public QueuedPrompts queuedPrompts;
    public List<Behavior> behaviors;

    private Builder(AgentSnapshot a) {
      name = a.name;
      tenantId = a.tenantId;
      model = a.model;
      systemPrompt = a.systemPrompt;
      tools = a.tools;
      subagents = a.subagents;
      stop = a.stop;
      lane = a.lane;
      context = a.context;
      updatedAt = a.updatedAt;
      team = a.team;
      handoffs = a.handoffs;
      subprompts = a.subprompts;
      otherSide = a.otherSide;
      env = a.env;
      hooks = a.hooks;
      queuedPrompts = a.queuedPrompts;
      behaviors = a.behaviors;
    }

    private AgentSnapshot build() {
      return new AgentSnapshot(
          name,
          tenantId,
          model,
          systemPrompt,
          tools,
          subagents,
          stop,
          lane,
          context,
          updatedAt,
          team,
          handoffs,
          subprompts,
          otherSide,
          env,
          hooks,
          queuedPrompts,
          behaviors);
    }
  }

  /** An {@code ai_human} agent this one may hand the thread to, by a tool of the agent's name. */
  public record Handoff(String agent, String description) {}

  /** The subprompt a tool call of {@code toolName} runs, if it is one. */
  public Optional<Subprompt> subprompt(String toolName) {
    return subprompts.stream().filter(p -> p.name().equals(toolName)).findFirst();
  }

  /** The handoff a tool call of {@code toolName} makes, if it is one. */
  public Optional<Handoff> handoff(String toolName) {
    return handoffs.stream().filter(h -> h.agent().equals(toolName)).findFirst();
  }

  /**
   * A model: its provider, name and full configuration, and the models a call falls back to, in
   * order, when this one is overloaded, does not exist or keeps failing (none by default).
   */
  public record ModelConfig(
      String provider, String model, String configJson, List<ModelConfig> fallbacks) {
    public ModelConfig {
      fallbacks = List.copyOf(fallbacks);
    }

    public ModelConfig(String provider, String model, String configJson) {
      this(provider, model, configJson, List.of());
    }

    /** This model ({@code 0}) or its {@code index}-th fallback. */
    public ModelConfig at(int index) {
      return index == 0 ? this : fallbacks.get(index - 1);
    }

    /** {@code provider/model}, as events name a model. */
    public String label() {
      return provider + (model == null ? "" : "/" + model);
    }
  }

  /** A tool the agent may call, with its permission and (optional) definition for the model. */
  public record AgentTool(
      String name, Permission permission, String description, String parametersJson) {}

  /** When a turn ends (spec §6). */
  public record StopRules(
      boolean stopOnResponse, String stopTool, int maxSteps, Integer maxSessionTurns) {}

  /** Token budget of the model (context management arrives with the part-two work). */
  public record ContextBudget(Integer windowTokens, Integer reservedOutputTokens) {}

  /**
   * The frozen definition of agent {@code agentName}, as a child thread runs it: with this team, so
   * that it can spawn its own subagents from the same frozen definitions.
   */
  public Optional<AgentSnapshot> teamMember(String agentName) {
    return team.stream()
        .filter(a -> a.name().equals(agentName))
        .findFirst()
        .map(a -> a.with(b -> b.team = team));
  }

  public Optional<AgentTool> tool(String toolName) {
    return tools.stream().filter(t -> t.name().equals(toolName)).findFirst();
  }
}
