package dev.threadline.step;

import dev.threadline.avro.Abort;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ApprovalDecision;
import dev.threadline.avro.CancelEffect;
import dev.threadline.avro.ChildUpdate;
import dev.threadline.avro.ChildUpdateKind;
import dev.threadline.avro.CommunicationMode;
import dev.threadline.avro.Compact;
import dev.threadline.avro.CreateThread;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ParentLink;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.QueueTool;
import dev.threadline.avro.ScheduleEffect;
import dev.threadline.avro.Steer;
import dev.threadline.avro.SubagentMessage;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.Terminate;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ToolResult;
import dev.threadline.config.Limits;
import dev.threadline.topics.Topics;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What a hostile producer can put on the step processor's input topics, at random: every command
 * type with sizes around and far beyond the limits, forged child reports and parent links, model
 * replies and tool results out of bounds or for requests that do not exist, hostile agent
 * definitions, undecodable bytes and records naming a schema id the registry never issued. All as
 * raw bytes, as a producer that bypasses the ingest service would send them.
 */
final class HostileInputs {
  static final String TENANT = "mallory";
  static final List<String> THREADS = List.of("h-0", "h-1", "h-2", "h-3");
  static final List<String> AGENTS = List.of("helper", "asker", "fork", "nobody");

  /** One record for one input topic; {@code poison} when no decoder can read it. */
  record Raw(String topic, String key, byte[] value, boolean poison, String what) {}

  private final SplittableRandom random;
  private final Topics topics;
  private final Limits limits;
  private int sequence;

  HostileInputs(long seed, Topics topics, Limits limits) {
    this.random = new SplittableRandom(seed);
    this.topics = topics;
    this.limits = limits;
  }

  /** Hostile agents of {@link #TENANT}: plain, one that asks, one that forks itself at once. */
  static List<AgentDefinition> agents() {
    AgentDefinition helper = mallory(Fixtures.agent("helper", 5));
    AgentDefinition asker = mallory(HostileInputTest.askingAgent());
    AgentDefinition fork = mallory(Fixtures.agent("fork", 5));
    fork.setSubagents(
        new ArrayList<>(
            List.of(
                SubagentSpec.newBuilder()
                    .setName("again")
                    .setAgent("fork")
                    .setMaxInstances(3)
                    .setImmediate(true)
                    .build())));
    return List.of(helper, asker, fork);
  }

  private static AgentDefinition mallory(AgentDefinition agent) {
    agent.setTenantId(TENANT);
    return agent;
  }

  Raw next(List<ModelRequest> modelRequests, List<ToolRequest> toolRequests) {
    int dice = random.nextInt(100);
    if (dice < 7) {
      return garbage();
    } else if (dice < 12) {
      return unknownSchema();
    } else if (dice < 16) {
      return truncated();
    } else if (dice < 30 && !modelRequests.isEmpty()) {
      return reply(modelRequests.get(random.nextInt(modelRequests.size())));
    } else if (dice < 38 && !toolRequests.isEmpty()) {
      return toolResult(toolRequests.get(random.nextInt(toolRequests.size())));
    } else if (dice < 41) {
      return strayResult();
    } else if (dice < 44) {
      return agentDefinition();
    }
    return command();
  }

  private String thread() {
    return THREADS.get(random.nextInt(THREADS.size()));
  }

  /**
   * A text around or far beyond {@code limit} bytes (never so large that its record could not be
   * produced: the broker refuses those before the step processor sees them).
   */
  private String text(int limit) {
    int size =
        switch (random.nextInt(6)) {
          case 0 -> limit;
          case 1 -> limit + 1;
          case 2 -> limit * 2;
          case 3 -> limits.recordBytes() - 4_096; // as large as a record can be
          default -> random.nextInt(200);
        };
    char c = random.nextBoolean() ? 'x' : '€'; // 1 and 3 bytes a character
    return String.valueOf(c).repeat(c == 'x' ? size : Math.max(1, size / 3));
  }

  private Raw command() {
    String thread = thread();
    Object payload =
        switch (random.nextInt(14)) {
          case 0 -> create(null);
          case 1 -> create(parentLink());
          case 2 -> createCarrying();
          case 3, 4 -> Fixtures.userMessage(text(limits.messageBytes()));
          case 5 -> new QueueMessage(Fixtures.userMessage(text(limits.messageBytes())));
          case 6 -> new Steer(Fixtures.userMessage(text(limits.messageBytes())));
          case 7 -> queueTool();
          case 8 -> schedule();
          case 9 -> new CancelEffect("fx-" + random.nextInt(4));
          case 10 ->
              random.nextBoolean() ? new Abort("stop") : new Terminate(text(limits.messageBytes()));
          case 11 ->
              new ApprovalDecision(
                  "call-" + random.nextInt(3),
                  random.nextBoolean(),
                  null,
                  null,
                  null,
                  random.nextBoolean() ? null : text(limits.toolArgumentsBytes()));
          case 12 -> childUpdate();
          default ->
              random.nextBoolean()
                  ? new Compact("tidy")
                  : new SubagentMessage(
                      thread(), text(limits.messageBytes()), random.nextBoolean(), List.of());
        };
    ThreadCommand command = Fixtures.command("hc-" + sequence++, thread, payload);
    command.setTenantId(TENANT);
    return encoded(
        topics.threadCommands().name(),
        thread,
        topics.threadCommands().serialize(command),
        payload.getClass().getSimpleName());
  }

  private CreateThread create(ParentLink parent) {
    return CreateThread.newBuilder()
        .setAgentName(AGENTS.get(random.nextInt(AGENTS.size())))
        .setParent(parent)
        .setMessage(random.nextBoolean() ? Fixtures.userMessage(text(limits.messageBytes())) : null)
        .setMetadata(
            random.nextInt(4) == 0 ? Map.of("blob", text(limits.messageBytes())) : Map.of())
        .build();
  }

  /** A create carrying its own agent snapshot, possibly larger than any record. */
  private CreateThread createCarrying() {
    AgentDefinition agent = agents().get(random.nextInt(3));
    agent.setSystemPrompt(text(limits.recordBytes()));
    return CreateThread.newBuilder()
        .setAgentName(agent.getName())
        .setAgent(agent)
        .setMetadata(Map.of())
        .build();
  }

  private ParentLink parentLink() {
    return new ParentLink(
        thread(),
        "call-x",
        "again",
        null,
        random.nextBoolean(),
        CommunicationMode.AUTO,
        random.nextBoolean() ? 1 : 1_000,
        random.nextBoolean() ? 0 : Integer.MAX_VALUE);
  }

  private QueueTool queueTool() {
    String name = random.nextBoolean() ? "echo" : random.nextBoolean() ? "set_value" : "nope";
    return new QueueTool(name, "{\"text\":\"" + text(limits.toolArgumentsBytes()) + "\"}");
  }

  private ScheduleEffect schedule() {
    Instant at =
        switch (random.nextInt(3)) {
          case 0 -> Fixtures.T0.minusSeconds(3_600);
          case 1 -> Fixtures.T0.plusSeconds(random.nextInt(120));
          default -> Instant.parse("9999-12-31T00:00:00Z");
        };
    Object action =
        random.nextBoolean()
            ? new QueueMessage(Fixtures.userMessage(text(limits.messageBytes())))
            : queueTool();
    return new ScheduleEffect("fx-" + random.nextInt(4), at, action, null);
  }

  private ChildUpdate childUpdate() {
    ChildUpdateKind kind =
        ChildUpdateKind.values()[random.nextInt(ChildUpdateKind.values().length)];
    return new ChildUpdate(
        thread(), "again", kind, text(2_000), text(limits.messageBytes()), null, List.of());
  }

  private Raw reply(ModelRequest request) {
    String text = text(limits.modelOutputBytes());
    List<ToolCall> calls = new ArrayList<>();
    int count =
        random.nextInt(4) == 0
            ? limits.toolCallsPerReply() + 1 + random.nextInt(50)
            : random.nextInt(3);
    for (int i = 0; i < count; i++) {
      String tool = List.of("echo", "deploy", "again", "get_value", "nope").get(random.nextInt(5));
      calls.add(new ToolCall("call-" + sequence++, tool, "{\"text\":\"" + text(300) + "\"}"));
    }
    ModelResult result =
        random.nextInt(5) == 0
            ? Fixtures.modelError(
                request.getThreadId(),
                request.getRequestId(),
                request.getEpoch(),
                random.nextBoolean())
            : Fixtures.reply(
                request.getThreadId(),
                request.getRequestId(),
                request.getEpoch(),
                text,
                calls.toArray(ToolCall[]::new));
    return encoded(
        topics.modelResults().name(),
        request.getThreadId(),
        topics.modelResults().serialize(result),
        "reply");
  }

  private Raw toolResult(ToolRequest request) {
    ToolResult result =
        Fixtures.toolResult(
            request.getThreadId(),
            request.getRequestId(),
            request.getEpoch(),
            request.getCallId(),
            text(limits.toolResultBytes()));
    return encoded(
        topics.toolResults().name(),
        request.getThreadId(),
        topics.toolResults().serialize(result),
        "tool result");
  }

  private Raw strayResult() {
    String thread = random.nextBoolean() ? thread() : "good-1";
    if (random.nextBoolean()) {
      ModelResult result =
          Fixtures.reply(
              thread,
              "req-" + random.nextInt(9),
              random.nextInt(3),
              text(limits.modelOutputBytes()));
      return encoded(
          topics.modelResults().name(),
          thread,
          topics.modelResults().serialize(result),
          "stray reply");
    }
    ToolResult result = Fixtures.toolResult(thread, "req-" + random.nextInt(9), 0, "call-x", "{}");
    return encoded(
        topics.toolResults().name(),
        thread,
        topics.toolResults().serialize(result),
        "stray tool result");
  }

  private Raw agentDefinition() {
    AgentDefinition agent = agents().get(random.nextInt(3));
    agent.setSystemPrompt(text(limits.recordBytes()));
    String key = TENANT + "/" + agent.getName();
    return encoded(
        topics.agentDefinitions().name(),
        key,
        topics.agentDefinitions().serialize(agent),
        "agent definition");
  }

  private String decodedTopic() {
    return switch (random.nextInt(3)) {
      case 0 -> topics.threadCommands().name();
      case 1 -> topics.modelResults().name();
      default -> topics.toolResults().name();
    };
  }

  private Raw garbage() {
    byte[] bytes = new byte[1 + random.nextInt(2_000)];
    random.nextBytes(bytes);
    bytes[0] = (byte) (1 + random.nextInt(255)); // never the Confluent magic byte
    return new Raw(decodedTopic(), thread(), bytes, true, "garbage");
  }

  private Raw unknownSchema() {
    byte[] body = new byte[random.nextInt(200)];
    random.nextBytes(body);
    byte[] bytes =
        ByteBuffer.allocate(5 + body.length)
            .put((byte) 0)
            .putInt(900_000 + random.nextInt(1_000))
            .put(body)
            .array();
    return new Raw(decodedTopic(), thread(), bytes, true, "unknown schema id");
  }

  /** A record the registry knows the schema of, cut short. */
  private Raw truncated() {
    Raw whole = command();
    byte[] cut = java.util.Arrays.copyOf(whole.value(), Math.min(whole.value().length, 7));
    return new Raw(whole.topic(), whole.key(), cut, true, "truncated");
  }

  private static Raw encoded(String topic, String key, byte[] value, String what) {
    return new Raw(topic, key, value, false, what);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
