package dev.threadline.step;

import dev.threadline.config.Limits;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.AgentSnapshot.AgentTool;
import dev.threadline.step.core.AgentSnapshot.ContextBudget;
import dev.threadline.step.core.AgentSnapshot.ModelConfig;
import dev.threadline.step.core.AgentSnapshot.StopRules;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.MachineConfig;
import dev.threadline.step.core.Side;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.SubagentBuilder;
import dev.threadline.step.core.Subprompt;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The agents and limits of one golden seed. The seed picks a variant, so that across seeds the
 * transcripts see every combination that changes a code path: stopOnResponse on and off, a
 * maxSessionTurns, a declared stop tool or a runtime one, an immediate subagent, explicit parent
 * communication, an optional subagent switched on or off, an approval timeout, a queue of one item
 * or of four, a thread id so long its children's ids would be invalid, a tokenizer-counted model,
 * no retries after model errors or two, a runtime step cap below or above maxSteps, and a small
 * context window (so pruning, compaction and context_full all happen), creation hooks on a
 * subagent.
 */
final class GoldenAgents {
  static final String TENANT = "acme";
  static final String OTHER_TENANT = "mallory";
  static final String LEAD = "lead";
  static final String STOP_TOOL = "finish";
  static final String FLAG = "GOLDEN_HELPER";
  static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

  private GoldenAgents() {}

  static MachineConfig config(int seed) {
    return new MachineConfig(
        Duration.ofSeconds(30),
        Duration.ofSeconds(20),
        2,
        seed % 3 == 0 ? 0 : 2,
        Duration.ofSeconds(1),
        seed % 5 == 4 ? 4 : 8,
        Limits.defaults()
            .withMessageBytes(4_000)
            .withQueue(seed % 4 == 0 ? 1 : 4, 1_000_000)
            .withModelOutputBytes(seed % 6 == 5 ? 3_000 : 262_144)
            .withToolResultBytes(seed % 6 == 1 ? 1_500 : 262_144)
            .withToolCallsPerReply(seed % 5 == 3 ? 1 : 64)
            .withSubagents(seed % 8 == 3 ? 1 : 5, seed % 8 == 5 ? 2 : 100, seed % 8 == 7 ? 1 : 20)
            .withChildrenKept(seed % 3 == 1 ? 1 : 100),
        seed % 2 == 0 ? Duration.ofSeconds(45) : Duration.ZERO,
        seed % 7 == 6
            ? dev.threadline.config.Budgets.defaults().withSessionTurns(4).withCallsPerThread(3)
            : dev.threadline.config.Budgets.defaults());
  }

  /** The lead thread's id; every seventh seed's is so long that no child id fits under it. */
  static String leadThread(int seed) {
    return seed % 7 == 6 ? "lead-" + "x".repeat(185) + "-" + seed : "lead-" + seed;
  }

  /** The process environment the machine resolves {@code optional} subagent flags in. */
  static String environment(int seed, String flag) {
    return flag.equals(FLAG) && seed % 5 == 0 ? "yes" : null;
  }

  /** Agents by {@code tenant/name}, as the global agent-definitions store holds them. */
  static Map<String, AgentSnapshot> all(int seed) {
    Map<String, AgentSnapshot> agents = new TreeMap<>();
    for (AgentSnapshot a : List.of(lead(seed), researcher(seed), worker(seed), keeper())) {
      agents.put(a.tenantId() + "/" + a.name(), a);
    }
    return agents;
  }

  static AgentSnapshot lead(int seed) {
    List<AgentTool> tools = new ArrayList<>();
    tools.add(
        new AgentTool("echo", Permission.ALLOW, "Echo the arguments", "{\"type\":\"object\"}"));
    tools.add(new AgentTool("search", Permission.ALLOW, null, null));
    tools.add(new AgentTool("deploy", Permission.ASK, "Deploy; needs approval", null));
    tools.add(new AgentTool("rm", Permission.DENY, null, null));
    if (seed % 4 == 1) {
      tools.add(new AgentTool(STOP_TOOL, Permission.ALLOW, "Finish the turn", null));
    }
    List<Subagent> subagents = new ArrayList<>();
    subagents.add(
        SubagentBuilder.subagent("researcher", "researcher")
            .description(seed % 3 == 2 ? null : "Research a question")
            .maxInstances(2)
            .initUserMessageProperty(seed % 2 == 0 ? "task" : null)
            .initAttachmentsProperty("files")
            .initAgentNameProperty(seed % 4 == 3 ? "as" : null)
            .blocking(seed % 5 < 2)
            .build()); // blocking in 2 seeds of 5: the call waits for the child's result
    subagents.add(
        SubagentBuilder.subagent("worker", "worker")
            .description("A worker that keeps its context")
            .resumable(true)
            .explicitCommunication(seed % 2 == 1)
            .build());
    if (seed % 3 == 0) {
      subagents.add(
          SubagentBuilder.subagent("scout", "researcher")
              .description("Scouts first")
              .initAttachmentsProperty("files")
              .immediate(true)
              .blocking(seed % 2 == 0)
              .build()); // an immediate subagent the first step waits for
    }
    subagents.add(SubagentBuilder.subagent("helper", "researcher").optional(FLAG).build());
    // A keeper needs a scoped secret the lead has only when a SetEnv gave it: held back until its
    // variables request is completed, or started with the copy its entry's scopedEnv makes.
    subagents.add(
        SubagentBuilder.subagent("vault", "keeper")
            .description("Keeps the key")
            .blocking(seed % 2 == 0)
            .bootstrap(
                seed % 3 == 2
                    ? null
                    : new Subagent.Bootstrap("CITY", "CITY", List.of("KEY", "CITY")))
            .build());
    return new AgentSnapshot(
        LEAD,
        TENANT,
        new ModelConfig("scripted", seed % 3 == 1 ? "gpt-4o-mini" : "m-1", "{}"),
        "You lead on {{threadId}} as {{agentName}} ({{model}}) on {{date}}.",
        tools,
        subagents,
        new StopRules(seed % 4 != 3, STOP_TOOL, 6, seed % 4 == 2 ? 15 : null),
        seed % 2 == 0 ? Lane.TASK : Lane.CHAT,
        new ContextBudget(2_600, 256),
        T0,
        seed % 3 == 1
            ? List.of(researcher(seed), worker(seed), keeper(), concierge())
            : List.of(researcher(seed), worker(seed), keeper()),
        // In a third of the seeds the lead may hand the thread to a concierge, which may hand it
        // back — but the lead was not frozen into the team, so that handoff is an error result.
        seed % 3 == 1
            ? List.of(new AgentSnapshot.Handoff("concierge", "Hand over for small talk."))
            : List.of(),
        subprompts(seed),
        null,
        Env.Spec.NONE,
        seed % 5 == 0
            ? Map.of("before_store_tool_result", "redact_emails", "filter_messages", "keep_recent")
            : Map.of(),
        dev.threadline.step.core.Enums.QueuedPrompts.JOIN_TURN,
        List.of());
  }

  /** A summarizing subprompt in every seed, seeing the chat (and past tools) in some. */
  static List<Subprompt> subprompts(int seed) {
    return List.of(
        new Subprompt(
            "summarize",
            seed % 2 == 0 ? null : "Summarize what you are given",
            "You summarize in one line.",
            seed % 3 == 0 ? new ModelConfig("scripted", "m-small", "{}") : null,
            seed % 4 < 2,
            seed % 4 == 1,
            seed % 5 == 0 ? "text" : null,
            null,
            seed % 6 != 5,
            seed % 7 != 6,
            seed % 2 == 0,
            Map.of(),
            null));
  }

  /** An agent that requires a scoped secret, KEY, and takes CITY scoped. */
  static AgentSnapshot keeper() {
    return member("keeper", "m-5", "You keep the key for {{threadId}} in {{env.CITY}}.", 3)
        .with(
            b ->
                b.env =
                    new Env.Spec(
                        List.of(
                            new Env.Variable("KEY", true, true, "the vault's key", true),
                            new Env.Variable("CITY", false, false, null, true)),
                        Map.of(),
                        Map.of(),
                        Map.of()));
  }

  static AgentSnapshot concierge() {
    return member("concierge", "m-4", "You chat on {{threadId}}.", 4)
        .with(
            b -> {
              b.lane = Lane.CHAT;
              b.handoffs = List.of(new AgentSnapshot.Handoff(LEAD, null));
            });
  }

  static AgentSnapshot researcher(int seed) {
    return member("researcher", "m-2", "You research for {{threadId}}.", 3)
        .with(
            b -> {
              // In some seeds, a researcher's immediate subagent runs a researcher: a tree that
              // only the depth limit and the subagent budget stop.
              b.subagents =
                  seed % 8 == 3 || seed % 8 == 5
                      ? List.of(
                          SubagentBuilder.subagent("deeper", "researcher")
                              .description("Digs deeper")
                              .immediate(true)
                              .build())
                      : List.of();
              b.stop = new StopRules(seed % 2 == 0, null, 3, seed % 4 == 0 ? 4 : null);
              // In a quarter of the seeds the researcher is dual_ai: a reviewing side B answers.
              b.otherSide =
                  seed % 4 == 0
                      ? new Side(
                          Side.B,
                          "You review the research.",
                          new ModelConfig("scripted", "m-review", "{}"),
                          List.of(new AgentTool("search", Permission.ALLOW, null, null)),
                          new StopRules(true, null, 2, null))
                      : null;
            });
  }

  static AgentSnapshot worker(int seed) {
    return member("worker", "m-3", "You work for {{threadId}}.", 3)
        .with(
            b -> {
              b.stop = new StopRules(true, null, 3, seed % 3 == 0 ? 3 : null);
              // In some seeds a worker's creation hooks run before its first turn.
              b.hooks =
                  seed % 5 == 2
                      ? Map.of("after_thread_created", "greet", "after_subagent_created", "brief")
                      : Map.of();
            });
  }

  /**
   * A member of the lead's team: {@code name} on scripted {@code model}, answers end its turn after
   * at most {@code maxSteps}, lane TASK, the echo tool; each names what else it has.
   */
  private static AgentSnapshot member(String name, String model, String prompt, int maxSteps) {
    return AgentSnapshot.of(
            name,
            TENANT,
            new ModelConfig("scripted", model, "{}"),
            prompt,
            new StopRules(true, null, maxSteps, null),
            Lane.TASK,
            new ContextBudget(null, null),
            T0)
        .with(b -> b.tools = List.of(new AgentTool("echo", Permission.ALLOW, null, null)));
  }
}
