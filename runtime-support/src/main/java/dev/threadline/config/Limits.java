package dev.threadline.config;

import java.util.Map;
import java.util.function.Consumer;

/**
 * The sizes and counts every tenant is held to, from {@code threadline.limits.*} keys; each service
 * checks the ones it can at its door and the step processor all of them. Sizes are UTF-8 bytes.
 * docs/operations.md#limits lists each limit with what a caller sees when it is hit.
 *
 * @param recordBytes the largest record a service writes to Kafka (key, value and headers): at most
 *     the producers' {@code max.request.size} and the topics' {@code max.message.bytes}, less room
 *     for the batch header
 * @param messageBytes a message's text, metadata and attachment paths
 * @param queueItems work queued in one thread
 * @param queueBytes the bytes of the work queued in one thread
 * @param toolArgumentsBytes one tool call's arguments (a queued tool's, or a model's call)
 * @param toolResultBytes one tool result's output or error, with its attachment paths
 * @param modelOutputBytes one model reply: its text and its tool calls
 * @param toolCallsPerReply tool calls in one model reply
 * @param contextWindowTokens the largest context window an agent may declare
 * @param subagentDepth how deep subagents may nest: a root thread's children are at depth 1
 * @param subagentsPerRoot live subagents (children, theirs, and so on) one root thread's tree may
 *     have at once
 * @param spawnsPerTurn subagents one thread may start in one turn
 * @param childrenKept finished children a thread's registry keeps (the oldest go first)
 * @param timersPerThread scheduled effects one thread may hold at once
 * @param effectHorizonSeconds how far ahead an effect may be scheduled
 * @param agentBytes one agent definition (as JSON at the ingest, as a record on the topic)
 * @param agentsPerTenant agent definitions one tenant may have
 * @param threadsPerTenant threads one tenant may have running at once (as the projector last
 *     counted them); idle threads are free
 * @param definitionBytesPerTenant the bytes one tenant's agents, models and prompts hold together,
 *     as stored: what the ingest holds of them on its heap
 */
public record Limits(
    int recordBytes,
    int messageBytes,
    int queueItems,
    long queueBytes,
    int toolArgumentsBytes,
    int toolResultBytes,
    int modelOutputBytes,
    int toolCallsPerReply,
    long contextWindowTokens,
    int subagentDepth,
    int subagentsPerRoot,
    int spawnsPerTurn,
    int childrenKept,
    int timersPerThread,
    long effectHorizonSeconds,
    int agentBytes,
    int agentsPerTenant,
    int threadsPerTenant,
    long definitionBytesPerTenant) {

  /** Each limit's name: its key is {@code threadline.limits.<name>}. */
  public static final java.util.List<String> NAMES =
      java.util.List.of(
          "record.bytes",
          "message.bytes",
          "queue.items",
          "queue.bytes",
          "tool.arguments.bytes",
          "tool.result.bytes",
          "model.output.bytes",
          "tool.calls.per.reply",
          "context.window.tokens",
          "subagent.depth",
          "subagents.per.root",
          "subagent.spawns.per.turn",
          "children.kept",
          "timers.per.thread",
          "effect.horizon.seconds",
          "agent.bytes",
          "agents.per.tenant",
          "threads.per.tenant",
          "definitions.bytes.per.tenant");

  /** What a record needs beside its largest text: envelope fields, ids, headers. */
  public static final int ENVELOPE_BYTES = 16_384;

  public Limits {
    positive("record.bytes", recordBytes);
    positive("message.bytes", messageBytes);
    positive("queue.items", queueItems);
    positive("queue.bytes", queueBytes);
    positive("tool.arguments.bytes", toolArgumentsBytes);
    positive("tool.result.bytes", toolResultBytes);
    positive("model.output.bytes", modelOutputBytes);
    positive("tool.calls.per.reply", toolCallsPerReply);
    positive("context.window.tokens", contextWindowTokens);
    positive("subagent.depth", subagentDepth);
    positive("subagents.per.root", subagentsPerRoot);
    positive("subagent.spawns.per.turn", spawnsPerTurn);
    positive("children.kept", childrenKept);
    positive("timers.per.thread", timersPerThread);
    positive("effect.horizon.seconds", effectHorizonSeconds);
    positive("agent.bytes", agentBytes);
    positive("agents.per.tenant", agentsPerTenant);
    positive("threads.per.tenant", threadsPerTenant);
    positive("definitions.bytes.per.tenant", definitionBytesPerTenant);
    fitsInRecord("message.bytes", messageBytes, recordBytes);
    fitsInRecord("tool.arguments.bytes", toolArgumentsBytes, recordBytes);
    fitsInRecord("tool.result.bytes", toolResultBytes, recordBytes);
    fitsInRecord("model.output.bytes", modelOutputBytes, recordBytes);
  }

  public static Limits defaults() {
    return new Limits(
        1_000_000,
        262_144,
        1_000,
        4L * 1024 * 1024,
        262_144,
        262_144,
        262_144,
        64,
        2_000_000,
        5,
        100,
        20,
        50,
        100,
        366L * 24 * 3600,
        262_144,
        1_000,
        10_000,
        16L << 20);
  }

  public static Limits from(Map<String, ?> settings) {
    Limits d = defaults();
    return new Limits(
        (int) setting(settings, "record.bytes", d.recordBytes),
        (int) setting(settings, "message.bytes", d.messageBytes),
        (int) setting(settings, "queue.items", d.queueItems),
        setting(settings, "queue.bytes", d.queueBytes),
        (int) setting(settings, "tool.arguments.bytes", d.toolArgumentsBytes),
        (int) setting(settings, "tool.result.bytes", d.toolResultBytes),
        (int) setting(settings, "model.output.bytes", d.modelOutputBytes),
        (int) setting(settings, "tool.calls.per.reply", d.toolCallsPerReply),
        setting(settings, "context.window.tokens", d.contextWindowTokens),
        (int) setting(settings, "subagent.depth", d.subagentDepth),
        (int) setting(settings, "subagents.per.root", d.subagentsPerRoot),
        (int) setting(settings, "subagent.spawns.per.turn", d.spawnsPerTurn),
        (int) setting(settings, "children.kept", d.childrenKept),
        (int) setting(settings, "timers.per.thread", d.timersPerThread),
        setting(settings, "effect.horizon.seconds", d.effectHorizonSeconds),
        (int) setting(settings, "agent.bytes", d.agentBytes),
        (int) setting(settings, "agents.per.tenant", d.agentsPerTenant),
        (int) setting(settings, "threads.per.tenant", d.threadsPerTenant),
        setting(settings, "definitions.bytes.per.tenant", d.definitionBytesPerTenant));
  }

  /** The full key of limit {@code name}, as error texts name it: {@code threadline.limits.x}. */
  public static String key(String name) {
    return "threadline.limits." + name;
  }

  /** A record limit, and {@code eachText} for every text in one: message, tool and model output. */
  public Limits withRecordBytes(int bytes, int eachText) {
    return with(
        c -> {
          c.recordBytes = bytes;
          c.messageBytes = eachText;
          c.toolArgumentsBytes = eachText;
          c.toolResultBytes = eachText;
          c.modelOutputBytes = eachText;
        });
  }

  public Limits withMessageBytes(int bytes) {
    return with(c -> c.messageBytes = bytes);
  }

  public Limits withQueue(int items, long bytes) {
    return with(
        c -> {
          c.queueItems = items;
          c.queueBytes = bytes;
        });
  }

  public Limits withToolArgumentsBytes(int bytes) {
    return with(c -> c.toolArgumentsBytes = bytes);
  }

  public Limits withToolResultBytes(int bytes) {
    return with(c -> c.toolResultBytes = bytes);
  }

  public Limits withModelOutputBytes(int bytes) {
    return with(c -> c.modelOutputBytes = bytes);
  }

  public Limits withToolCallsPerReply(int calls) {
    return with(c -> c.toolCallsPerReply = calls);
  }

  /** A model reply refused: the code of its failure and the message that names the limit. */
  public record ReplyRefusal(String code, String message) {}

  /**
   * Why a model reply with {@code toolCalls} tool calls and {@code bytes} bytes (its text, and its
   * calls' ids, names and arguments) cannot be taken, or null. The executor checks it before the
   * reply is published, the step processor again when it arrives: one rule, applied at both ends.
   */
  public ReplyRefusal replyRefusal(int toolCalls, long bytes) {
    if (toolCalls > toolCallsPerReply) {
      return new ReplyRefusal("too_many_tool_calls", tooManyToolCalls(toolCalls));
    }
    if (bytes > modelOutputBytes) {
      return new ReplyRefusal(
          "output_too_large", over("the reply", bytes, modelOutputBytes, "model.output.bytes"));
    }
    return null;
  }

  /** Why a model reply with {@code calls} tool calls is refused, naming the limit. */
  public String tooManyToolCalls(int calls) {
    return "the reply has "
        + calls
        + " tool calls; the limit is "
        + toolCallsPerReply
        + " ("
        + key("tool.calls.per.reply")
        + ")";
  }

  /**
   * A limit broken, in the words every refusal uses: what, how big, the limit and its key — "the
   * message is 300000 bytes; the limit is 262144 (threadline.limits.message.bytes)".
   */
  public static String over(String what, long bytes, long limit, String name) {
    return what + " is " + bytes + " bytes; the limit is " + limit + " (" + key(name) + ")";
  }

  public Limits withSubagents(int depth, int perRoot, int perTurn) {
    return with(
        c -> {
          c.subagentDepth = depth;
          c.subagentsPerRoot = perRoot;
          c.spawnsPerTurn = perTurn;
        });
  }

  public Limits withChildrenKept(int kept) {
    return with(c -> c.childrenKept = kept);
  }

  public Limits withThreadsPerTenant(int threads) {
    return with(c -> c.threadsPerTenant = threads);
  }

  public Limits withAgents(int bytes, int perTenant) {
    return with(
        c -> {
          c.agentBytes = bytes;
          c.agentsPerTenant = perTenant;
        });
  }

  public Limits withDefinitionBytesPerTenant(long bytes) {
    return with(c -> c.definitionBytesPerTenant = bytes);
  }

  public Limits withTimers(int perThread, long horizonSeconds) {
    return with(
        c -> {
          c.timersPerThread = perThread;
          c.effectHorizonSeconds = horizonSeconds;
        });
  }

  private static long setting(Map<String, ?> settings, String name, long defaultValue) {
    return SettingValues.longOf(settings, key(name), defaultValue);
  }

  private static void positive(String name, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(key(name) + " must be 1 or more, not " + value);
    }
  }

  private static void fitsInRecord(String name, long value, long recordBytes) {
    if (value > recordBytes - ENVELOPE_BYTES) {
      throw new IllegalArgumentException(
          key(name)
              + " ("
              + value
              + ") must leave "
              + ENVELOPE_BYTES
              + " bytes of "
              + key("record.bytes")
              + " ("
              + recordBytes
              + ") for the record around it");
    }
  }

  private Limits with(Consumer<Copy> change) {
    Copy c = new Copy(this);
    change.accept(c);
    return new Limits(
        c.recordBytes,
        c.messageBytes,
        c.queueItems,
        c.queueBytes,
        c.toolArgumentsBytes,
        c.toolResultBytes,
        c.modelOutputBytes,
        c.toolCallsPerReply,
        c.contextWindowTokens,
        c.subagentDepth,
        c.subagentsPerRoot,
        c.spawnsPerTurn,
        c.childrenKept,
        c.timersPerThread,
        c.effectHorizonSeconds,
        c.agentBytes,
        c.agentsPerTenant,
        c.threadsPerTenant,
        c.definitionBytesPerTenant);
  }

  /** A mutable copy, so that each wither names only what it changes. */
  private static final class Copy {
    int recordBytes;
    int messageBytes;
    int queueItems;
    long queueBytes;
    int toolArgumentsBytes;
    int toolResultBytes;
    int modelOutputBytes;
    int toolCallsPerReply;
    long contextWindowTokens;
    int subagentDepth;
    int subagentsPerRoot;
    int spawnsPerTurn;
    int childrenKept;
    int timersPerThread;
    long effectHorizonSeconds;
    int agentBytes;
    int agentsPerTenant;
    int threadsPerTenant;
    long definitionBytesPerTenant;

    Copy(Limits l) {
      recordBytes = l.recordBytes;
      messageBytes = l.messageBytes;
      queueItems = l.queueItems;
      queueBytes = l.queueBytes;
      toolArgumentsBytes = l.toolArgumentsBytes;
      toolResultBytes = l.toolResultBytes;
      modelOutputBytes = l.modelOutputBytes;
      toolCallsPerReply = l.toolCallsPerReply;
      contextWindowTokens = l.contextWindowTokens;
      subagentDepth = l.subagentDepth;
      subagentsPerRoot = l.subagentsPerRoot;
      spawnsPerTurn = l.spawnsPerTurn;
      childrenKept = l.childrenKept;
      timersPerThread = l.timersPerThread;
      effectHorizonSeconds = l.effectHorizonSeconds;
      agentBytes = l.agentBytes;
      agentsPerTenant = l.agentsPerTenant;
      threadsPerTenant = l.threadsPerTenant;
      definitionBytesPerTenant = l.definitionBytesPerTenant;
    }
  }
}
