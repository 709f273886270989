package dev.threadline.step.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.CommunicationMode;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.HandoffSpec;
import dev.threadline.avro.ImmediateBootstrap;
import dev.threadline.avro.ModelSpec;
import dev.threadline.avro.Permission;
import dev.threadline.avro.SideSpec;
import dev.threadline.avro.StopConfig;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.SubpromptSpec;
import dev.threadline.serde.PooledJson;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.Enums;
import dev.threadline.step.core.Side;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Subprompt;
import java.util.ArrayList;
import java.util.List;

/** {@link AgentDefinition} ↔ {@link AgentSnapshot}. */
public final class AgentMapping {
  private AgentMapping() {}

  /**
   * A model and its fallbacks: each entry of its configuration's {@code fallbacks}, a model
   * configuration of its own (the ingest held each to the rules of the main one).
   */
  static AgentSnapshot.ModelConfig model(ModelSpec m) {
    String config = m.getConfigJson();
    if (config == null || !config.contains("\"fallbacks\"")) {
      return new AgentSnapshot.ModelConfig(m.getProvider(), m.getModel(), config);
    }
    List<AgentSnapshot.ModelConfig> fallbacks = new ArrayList<>();
    try {
      for (JsonNode f : PooledJson.MAPPER.readTree(config).path("fallbacks")) {
        fallbacks.add(
            new AgentSnapshot.ModelConfig(
                f.path("provider").asText(m.getProvider()),
                f.hasNonNull("model") ? f.get("model").asText() : null,
                f.toString()));
      }
    } catch (java.io.IOException e) {
      // Not JSON: the executor refuses the call, saying so; there is nothing to fall back to.
    }
    return new AgentSnapshot.ModelConfig(m.getProvider(), m.getModel(), config, fallbacks);
  }

  public static AgentSnapshot toCore(AgentDefinition d) {
    return new AgentSnapshot(
        d.getName(),
        d.getTenantId(),
        model(d.getModel()),
        d.getSystemPrompt(),
        d.getTools().stream().map(AgentMapping::tool).toList(),
        d.getSubagents().stream()
            .map(
                s ->
                    new Subagent(
                        s.getName(),
                        s.getAgent(),
                        s.getDescription(),
                        s.getResumable(),
                        s.getMaxInstances(),
                        s.getParentCommunication() == CommunicationMode.EXPLICIT,
                        s.getInitUserMessageProperty(),
                        s.getInitAttachmentsProperty(),
                        s.getInitAgentNameProperty(),
                        s.getOptional(),
                        s.getImmediate(),
                        s.getBlocking(),
                        "side_b".equals(s.getReceivesMessages()),
                        bootstrap(s.getBootstrap())))
            .toList(),
        new AgentSnapshot.StopRules(
            d.getStop().getStopOnResponse(),
            d.getStop().getStopTool(),
            d.getStop().getMaxSteps(),
            d.getStop().getMaxSessionTurns()),
        ValueMapping.lane(d.getGroup()),
        new AgentSnapshot.ContextBudget(
            d.getContext().getWindowTokens(), d.getContext().getReservedOutputTokens()),
        d.getUpdatedAt(),
        d.getTeam().stream().map(AgentMapping::toCore).toList(),
        d.getHandoffs().stream()
            .map(h -> new AgentSnapshot.Handoff(h.getAgent(), h.getDescription()))
            .toList(),
        d.getSubprompts().stream().map(AgentMapping::subprompt).toList(),
        d.getOtherSide() == null ? null : side(d.getOtherSide()),
        new dev.threadline.step.core.Env.Spec(
            d.getVariables().stream()
                .map(
                    v ->
                        new dev.threadline.step.core.Env.Variable(
                            v.getName(),
                            v.getSecret(),
                            v.getRequired(),
                            v.getDescription(),
                            v.getScoped()))
                .toList(),
            ValueMapping.env(d.getPromptEnv()),
            toolEnv(d.getToolEnv()),
            ValueMapping.env(d.getEnv())),
        d.getHooks(),
        dev.threadline.step.core.Enums.QueuedPrompts.valueOf(d.getQueuedPrompts().name()),
        d.getBehaviors().stream()
            .map(
                b ->
                    new dev.threadline.step.core.Behavior(
                        b.getName(), b.getToolUsed(), b.getFileWritten(), b.getPrompt()))
            .toList());
  }

  private static java.util.Map<String, java.util.Map<String, dev.threadline.step.core.Env.Value>>
      toolEnv(java.util.Map<String, java.util.Map<String, dev.threadline.avro.EnvValue>> avro) {
    java.util.Map<String, java.util.Map<String, dev.threadline.step.core.Env.Value>> out =
        new java.util.TreeMap<>();
    avro.forEach((tool, env) -> out.put(tool, ValueMapping.env(env)));
    return out;
  }

  private static Side side(SideSpec s) {
    return new Side(
        s.getName(),
        s.getSystemPrompt(),
        model(s.getModel()),
        s.getTools().stream().map(AgentMapping::tool).toList(),
        new AgentSnapshot.StopRules(
            s.getStop().getStopOnResponse(),
            s.getStop().getStopTool(),
            s.getStop().getMaxSteps(),
            s.getStop().getMaxSessionTurns()));
  }

  private static SideSpec side(Side s) {
    return new SideSpec(
        s.name(),
        s.systemPrompt(),
        new ModelSpec(s.model().provider(), s.model().model(), s.model().configJson()),
        new ArrayList<>(s.tools().stream().map(AgentMapping::tool).toList()),
        new StopConfig(
            s.stop().stopOnResponse(),
            s.stop().stopTool(),
            s.stop().maxSteps(),
            s.stop().maxSessionTurns()));
  }

  private static AgentSnapshot.AgentTool tool(AgentTool t) {
    return new AgentSnapshot.AgentTool(
        t.getName(),
        Enums.Permission.valueOf(t.getPermission().name()),
        t.getDescription(),
        t.getParametersJson());
  }

  private static AgentTool tool(AgentSnapshot.AgentTool t) {
    return new AgentTool(
        t.name(), Permission.valueOf(t.permission().name()), t.description(), t.parametersJson());
  }

  private static Subprompt subprompt(SubpromptSpec p) {
    ModelSpec m = p.getModel();
    return new Subprompt(
        p.getName(),
        p.getDescription(),
        p.getPrompt(),
        m == null ? null : model(m),
        p.getIncludeChat(),
        p.getIncludePastTools(),
        p.getInitUserMessageProperty(),
        p.getParametersJson(),
        p.getIncludeTextResponse(),
        p.getIncludeToolCalls(),
        p.getIncludeErrors(),
        p.getHooks(),
        p.getInitAttachmentsProperty());
  }

  private static SubpromptSpec subprompt(Subprompt p) {
    AgentSnapshot.ModelConfig m = p.model();
    return new SubpromptSpec(
        p.name(),
        p.description(),
        p.prompt(),
        m == null ? null : new ModelSpec(m.provider(), m.model(), m.configJson()),
        p.includeChat(),
        p.includePastTools(),
        p.initUserMessageProperty(),
        p.parametersJson(),
        p.includeTextResponse(),
        p.includeToolCalls(),
        p.includeErrors(),
        new java.util.TreeMap<>(p.hooks()),
        p.initAttachmentsProperty());
  }

  public static AgentDefinition toAvro(AgentSnapshot a) {
    return AgentDefinition.newBuilder()
        .setName(a.name())
        .setTenantId(a.tenantId())
        .setModel(new ModelSpec(a.model().provider(), a.model().model(), a.model().configJson()))
        .setSystemPrompt(a.systemPrompt())
        .setTools(new ArrayList<>(a.tools().stream().map(AgentMapping::tool).toList()))
        .setSubagents(
            new ArrayList<>(
                a.subagents().stream()
                    .map(
                        s ->
                            new SubagentSpec(
                                s.name(),
                                s.agent(),
                                s.description(),
                                s.resumable(),
                                s.maxInstances(),
                                s.explicitCommunication()
                                    ? CommunicationMode.EXPLICIT
                                    : CommunicationMode.AUTO,
                                s.initUserMessageProperty(),
                                s.initAttachmentsProperty(),
                                s.initAgentNameProperty(),
                                s.optional(),
                                s.immediate(),
                                s.blocking(),
                                s.receivesSideB() ? "side_b" : "side_a",
                                bootstrap(s.bootstrap())))
                    .toList()))
        .setStop(
            new StopConfig(
                a.stop().stopOnResponse(),
                a.stop().stopTool(),
                a.stop().maxSteps(),
                a.stop().maxSessionTurns()))
        .setGroup(ValueMapping.lane(a.lane()))
        .setContext(
            new ContextConfig(a.context().windowTokens(), a.context().reservedOutputTokens()))
        .setUpdatedAt(a.updatedAt())
        .setTeam(new ArrayList<>(a.team().stream().map(AgentMapping::toAvro).toList()))
        .setHandoffs(
            new ArrayList<>(
                a.handoffs().stream()
                    .map(h -> new HandoffSpec(h.agent(), h.description()))
                    .toList()))
        .setSubprompts(
            new ArrayList<>(a.subprompts().stream().map(AgentMapping::subprompt).toList()))
        .setOtherSide(a.otherSide() == null ? null : side(a.otherSide()))
        .setVariables(
            new ArrayList<>(
                a.env().variables().stream()
                    .map(
                        v ->
                            new dev.threadline.avro.VariableSpec(
                                v.name(), v.secret(), v.required(), v.description(), v.scoped()))
                    .toList()))
        .setEnv(ValueMapping.envToAvro(a.env().agentValues()))
        .setPromptEnv(ValueMapping.envToAvro(a.env().promptValues()))
        .setToolEnv(toolEnvToAvro(a.env().toolValues()))
        .setHooks(new java.util.TreeMap<>(a.hooks()))
        .setQueuedPrompts(dev.threadline.avro.QueuedPrompts.valueOf(a.queuedPrompts().name()))
        .setBehaviors(
            new ArrayList<>(
                a.behaviors().stream()
                    .map(
                        b ->
                            new dev.threadline.avro.BehaviorSpec(
                                b.name(),
                                new ArrayList<>(b.toolUsed()),
                                new ArrayList<>(b.fileWritten()),
                                b.prompt()))
                    .toList()))
        .build();
  }

  private static Subagent.Bootstrap bootstrap(ImmediateBootstrap b) {
    return b == null
        ? null
        : new Subagent.Bootstrap(b.getNameEnv(), b.getDescriptionEnv(), b.getScopedEnv());
  }

  private static ImmediateBootstrap bootstrap(Subagent.Bootstrap b) {
    return b == null
        ? null
        : new ImmediateBootstrap(b.nameEnv(), b.descriptionEnv(), new ArrayList<>(b.scopedEnv()));
  }

  private static java.util.Map<String, java.util.Map<String, dev.threadline.avro.EnvValue>>
      toolEnvToAvro(
          java.util.Map<String, java.util.Map<String, dev.threadline.step.core.Env.Value>> core) {
    java.util.Map<String, java.util.Map<String, dev.threadline.avro.EnvValue>> out =
        new java.util.TreeMap<>();
    core.forEach((tool, env) -> out.put(tool, ValueMapping.envToAvro(env)));
    return out;
  }
}
