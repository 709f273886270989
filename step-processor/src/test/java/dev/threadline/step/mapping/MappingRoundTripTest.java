package dev.threadline.step.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.ChildRegistry;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.Permission;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.SubagentBuilder;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.Usage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every mapped type: core → Avro → bytes → Avro → core gives back an equal value. */
class MappingRoundTripTest {
  static final Instant AT = Instant.parse("2026-11-22T10:00:00.123Z");

  static AgentSnapshot agent() {
    return AgentSnapshot.of(
            "helper",
            "acme",
            new AgentSnapshot.ModelConfig("scripted", "m-1", "{\"script\":[]}"),
            "prompt {{threadId}}",
            new AgentSnapshot.StopRules(false, "finish", 7, 3),
            Lane.CHORE,
            new AgentSnapshot.ContextBudget(128_000, 4_096),
            AT)
        .with(
            b -> {
              b.tools =
                  List.of(
                      new AgentSnapshot.AgentTool("echo", Permission.ALLOW, "Echo", "{}"),
                      new AgentSnapshot.AgentTool("rm", Permission.DENY, null, null));
              b.subagents =
                  List.of(
                      SubagentBuilder.subagent("researcher", "research-agent")
                          .description("digs")
                          .resumable(true)
                          .maxInstances(2)
                          .explicitCommunication(true)
                          .initUserMessageProperty("task")
                          .initAttachmentsProperty("files")
                          .initAgentNameProperty("name")
                          .optional("ENABLE_X")
                          .build(),
                      SubagentBuilder.subagent("checker", "check-agent").blocking(true).build());
              b.handoffs = List.of(new AgentSnapshot.Handoff("scheduler", "meetings"));
              b.otherSide =
                  new dev.threadline.step.core.Side(
                      "b",
                      "You review.",
                      new AgentSnapshot.ModelConfig("scripted", "m-2", "{}"),
                      List.of(new AgentSnapshot.AgentTool("echo", Permission.ALLOW, null, null)),
                      new AgentSnapshot.StopRules(true, "approve", 3, 6));
            });
  }

  static final InboundMessage CHAT =
      new InboundMessage(
          Origin.CHAT,
          "slack",
          "ann",
          "hi",
          Map.of("k", "v"),
          List.of(new Attachment("a/b.png", "image/png", "b.png", 42L)));
  static final Message ASSISTANT =
      Message.assistant("calling", List.of(new ToolCall("c1", "echo", "{\"n\":1}")));
  static final Message TOOL = Message.toolResult(new ToolCall("c1", "echo", "{}"), "boom", true);

  @SuppressWarnings("unchecked")
  static <T extends SpecificRecord> T throughBytes(T record) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      SpecificData model = SpecificData.getForClass(record.getClass());
      new SpecificDatumWriter<T>(record.getSchema(), model).write(record, encoder);
      encoder.flush();
      return (T)
          new SpecificDatumReader<>(record.getSchema(), record.getSchema(), model)
              .read(null, DecoderFactory.get().binaryDecoder(out.toByteArray(), null));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void agentSnapshot() {
    AgentDefinition avro = throughBytes(AgentMapping.toAvro(agent()));
    assertThat(AgentMapping.toCore(avro)).isEqualTo(agent());
  }

  @Test
  void messages() {
    Message thinking =
        Message.assistant(
            "hi", List.of(), "{\"anthropic\":[{\"type\":\"thinking\",\"signature\":\"s\"}]}");
    for (Message m :
        List.of(Message.user(CHAT), ASSISTANT, thinking, TOOL, Message.system("sys"))) {
      assertThat(ValueMapping.message(throughBytes(ValueMapping.message(m)))).isEqualTo(m);
    }
    assertThat(ValueMapping.inbound(throughBytes(ValueMapping.inbound(CHAT)))).isEqualTo(CHAT);
  }

  @Test
  void richThreadState() {
    MachineState state =
        new MachineState(
            "t-1",
            "acme",
            agent(),
            Status.RUNNING,
            3,
            4,
            2,
            1,
            7,
            99,
            120,
            77,
            5,
            1_234,
            56_789,
            Lane.CHAT,
            List.of(
                new Queued.QueuedMessage("q1", CHAT, true, AT),
                new Queued.QueuedMessage("q2", InboundMessage.invoke("later"), false, AT),
                new Queued.QueuedTool("q3", "echo", "{\"x\":true}", AT)),
            new Awaiting.Tool(
                "t-1/t4/s2/c0",
                2,
                AT,
                AT.plusSeconds(60),
                new ToolCall("c1", "echo", "{}"),
                CallBatch.RUNTIME),
            List.of(new ToolCall("c2", "search", "{\"q\":\"k\"}")),
            true,
            new MachineState.TerminalOutcome(true, "{\"reason\":\"x\"}"),
            new Usage(1234, 56),
            new ParentRef("parent-1", "researcher", "scout", true, false, 2, 24),
            new ChildRegistry(
                List.of(
                    new ChildEntry(
                        "t-1/researcher-1.1.0",
                        "scout",
                        "researcher",
                        true,
                        ChildStatus.RUNNING,
                        "halfway",
                        7,
                        null))),
            17,
            3,
            true,
            41,
            AT.minusSeconds(3600),
            AT,
            Map.of(
                "CITY",
                new dev.threadline.step.core.Env.Value("Lisbon", false),
                "TOKEN",
                new dev.threadline.step.core.Env.Value("tlsec1:abc", true)),
            List.of(
                new dev.threadline.step.core.DeferredSubagent(
                    "vars-12",
                    "researcher",
                    "scout",
                    "dig into it",
                    List.of(new Attachment("/attachments/a.png", "image/png", "a.png", 3L)),
                    AT)),
            new dev.threadline.step.core.CallBudget(AT.minusSeconds(600), 12, 3_456),
            AT.plusSeconds(5),
            "ada",
            new MachineState.ForkSeeding("t-0", 40, 2, 12, 3),
            true,
            new dev.threadline.step.core.BehaviorWindow(
                java.util.Set.of("tests"),
                java.util.Set.of("docs", "tests"),
                java.util.Set.of("lint")));

    ThreadStateValue avro = throughBytes(StateMapping.toAvro(state));

    assertThat(avro.getAgentName()).isEqualTo("helper");
    assertThat(StateMapping.toCore(avro, agent(), state.queue())).isEqualTo(state);
    for (Queued item : state.queue()) {
      assertThat(StateMapping.queued(throughBytes(StateMapping.queued(item)))).isEqualTo(item);
    }
  }

  @Test
  void freshThreadStateWithARuntimeToolPendingWithoutDeadline() {
    MachineState fresh =
        MachineState.created("t-2", "acme", agent(), null, AT, 0)
            .with(
                b ->
                    b.awaiting =
                        new Awaiting.Tool(
                            "r",
                            1,
                            AT,
                            null,
                            new ToolCall("c", "get_value", "{}"),
                            CallBatch.MODEL));

    assertThat(StateMapping.toCore(throughBytes(StateMapping.toAvro(fresh)), agent(), List.of()))
        .isEqualTo(fresh);
  }

  @ParameterizedTest
  @MethodSource("dev.threadline.step.mapping.MappingSamples#everyEventPayload")
  void events(Event.Payload payload) {
    Event event = new Event(12, 2, 3, 1, AT, payload);

    ThreadEvent avro = throughBytes(EventMapping.toAvro("t-1", "acme", event));

    assertThat(avro.getThreadId()).isEqualTo("t-1");
    assertThat(avro.getTenantId()).isEqualTo("acme");
    assertThat(EventMapping.toCore(avro)).isEqualTo(event);
  }

  @Test
  void everyEventTypeIsCovered() {
    long covered = MappingSamples.everyEventPayload().map(p -> p.getClass()).distinct().count();
    assertThat(covered).isEqualTo(Event.Payload.class.getPermittedSubclasses().length);
  }

  @ParameterizedTest
  @MethodSource("dev.threadline.step.mapping.MappingSamples#everyCommand")
  void commands(Input.Command command) {
    ThreadCommand avro = throughBytes(InputRecords.toCommand("t-1", command));
    Function<String, AgentDefinition> noAgents = key -> null;

    assertThat(InputMapping.fromCommand(avro, AT, noAgents)).isEqualTo(command);
  }

  @Test
  void createThreadResolvesTheNamedAgentOfTheCallersTenantOnly() {
    var create =
        new Input.CreateThread(
            "c1", "acme", "t-1", AT, "helper", null, null, Map.of(), null, Map.of());
    ThreadCommand avro = InputRecords.toCommand("t-1", create);

    var resolved =
        (Input.CreateThread)
            InputMapping.fromCommand(
                avro, AT, key -> key.equals("acme/helper") ? AgentMapping.toAvro(agent()) : null);
    assertThat(resolved.agent()).isEqualTo(agent());

    avro.setTenantId("other");
    var foreign =
        (Input.CreateThread)
            InputMapping.fromCommand(avro, AT, key -> AgentMapping.toAvro(agent()));
    assertThat(foreign.agent()).isNull();
  }

  @Test
  void modelResults() {
    var reply =
        new Input.ModelResultReceived(
            "r1",
            2,
            AT,
            new Input.ModelReply(
                "hi",
                List.of(new ToolCall("c", "echo", "{}")),
                new Usage(5, 6),
                "tool_calls",
                "{\"anthropic\":[]}"),
            List.of());
    var failure =
        new Input.ModelResultReceived(
            "r1", 2, AT, new Input.ModelFailure("rate_limited", "slow", true), List.of());
    var waitFirst =
        new Input.ModelResultReceived(
            "r1",
            2,
            AT,
            new Input.ModelFailure("overloaded", "busy", true, java.time.Duration.ofSeconds(7)),
            List.of());
    for (var result : List.of(reply, failure, waitFirst)) {
      ModelResult avro = throughBytes(InputRecords.toModelResult("t-1", result));
      assertThat(InputMapping.fromModelResult(avro, AT)).isEqualTo(result);
    }
  }

  @Test
  void toolResults() {
    var ok =
        new Input.ToolResultReceived("r2", 0, AT, "{\"ok\":1}", null, 33, List.of(), List.of());
    var failed =
        new Input.ToolResultReceived(
            "r2", 0, AT, null, "timeout: took too long", 33, List.of(), List.of());
    var withEffects =
        new Input.ToolResultReceived(
            "r2",
            0,
            AT,
            "{}",
            null,
            33,
            List.of(
                new dev.threadline.step.core.Values.ToolEffect("notify_parent", "hi"),
                new dev.threadline.step.core.Values.ToolEffect("set_status", "busy")),
            List.of());
    var showingAnImage =
        new Input.ToolResultReceived(
            "r2",
            0,
            AT,
            "[image tool-images/r2-1.png]",
            null,
            33,
            List.of(),
            List.of(),
            List.of(
                new dev.threadline.step.core.Values.Attachment(
                    "tool-images/r2-1.png", "image/png", null, 68L)));
    for (var result : List.of(ok, failed, withEffects, showingAnImage)) {
      ToolResult avro = throughBytes(InputRecords.toToolResult("t-1", "c1", "echo", result));
      assertThat(InputMapping.fromToolResult(avro, AT)).isEqualTo(result);
    }
  }

  /** A replayed transaction must write the same bytes: map fields go out in key order. */
  @Test
  void avroMapsAreWrittenInKeyOrderSoEveryJvmWritesTheSameBytes() {
    Map<String, String> meta = new java.util.LinkedHashMap<>();
    for (String key :
        List.of("zeta", "kind", "alpha", "childThreadId", "parentThreadId", "subagent", "m", "b")) {
      meta.put(key, "v");
    }
    var inbound = new InboundMessage(Origin.INVOKE, null, null, "x", meta, List.of());
    var created = new Event.ThreadCreated("helper", null, null, meta);
    var event = new Event(1, 0, 0, 0, AT, created);

    assertThat(List.copyOf(ValueMapping.inbound(inbound).getMeta().keySet())).isSorted();
    var avroCreated =
        (dev.threadline.avro.ThreadCreated) EventMapping.toAvro("t-1", "acme", event).getPayload();
    assertThat(List.copyOf(avroCreated.getMetadata().keySet())).isSorted();
  }

  /** A model call waiting for the thread's budget hour keeps that phase through the store. */
  @Test
  void aModelCallWaitingForItsBudgetKeepsItsPhase() {
    MachineState waiting =
        MachineState.created("t-3", "acme", agent(), null, AT, 0)
            .with(
                b ->
                    b.awaiting =
                        new Awaiting.Model(
                            "t-3/t1/s1/m0",
                            1,
                            AT,
                            AT.plusSeconds(3600),
                            0,
                            Awaiting.ModelPhase.WAITING_FOR_BUDGET));

    assertThat(
            StateMapping.toCore(throughBytes(StateMapping.toAvro(waiting)), agent(), List.of())
                .awaiting())
        .isEqualTo(waiting.awaiting());
  }
}
