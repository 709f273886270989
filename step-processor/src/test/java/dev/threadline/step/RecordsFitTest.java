package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.EnvValue;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.QueueTool;
import dev.threadline.avro.SetEnv;
import dev.threadline.avro.SetValue;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.store.QueuedItem;
import dev.threadline.avro.store.StoredMessage;
import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.config.Limits;
import dev.threadline.topics.TopicDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;

/**
 * Whatever a session sends — messages, model replies, tool results, key-value writes, env variables
 * and queued tools at and around their limits, in characters of one to four bytes — every record
 * the step processor writes and every value it stores fits the record limit, and nothing is left
 * undone for want of room (no dead letter): a tenant cannot make a record the broker would refuse,
 * which would stall its partition.
 */
class RecordsFitTest {
  private static final Limits LIMITS = Limits.defaults();

  /** What a session does next, {@code bytes} of text in characters {@code width} bytes wide. */
  record Action(Kind kind, int bytes, int width) {}

  enum Kind {
    MESSAGE,
    TEXT_REPLY,
    TOOL_REPLY,
    TOOL_RESULT,
    SET_VALUE,
    SET_ENV,
    QUEUE_TOOL
  }

  @Property(tries = 12)
  void everyRecordWrittenAndValueStoredFitsTheRecordLimit(
      @ForAll("sessions") List<Action> session) {
    try (StepDriver d = new StepDriver()) {
      d.agent(Fixtures.agent("helper", 20));
      d.command(Fixtures.create("c-0", "t-max", "helper"));
      List<Long> sizes = new ArrayList<>();
      ModelRequest model = null;
      ToolRequest tool = null;
      int commands = 0;
      for (Action action : session) {
        String text = text(action);
        switch (action.kind()) {
          case MESSAGE -> d.command(Fixtures.message("c-" + ++commands, "t-max", text));
          case SET_VALUE ->
              d.command(
                  Fixtures.command(
                      "c-" + ++commands, "t-max", new SetValue("k" + commands % 3, json(text))));
          case SET_ENV ->
              d.command(
                  Fixtures.command(
                      "c-" + ++commands,
                      "t-max",
                      new SetEnv("V" + commands % 70, new EnvValue(text, false))));
          case QUEUE_TOOL ->
              d.command(
                  Fixtures.command("c-" + ++commands, "t-max", new QueueTool("echo", json(text))));
          case TEXT_REPLY -> {
            if (model != null) {
              d.answer(model, text);
            }
          }
          case TOOL_REPLY -> {
            if (model != null) {
              d.answer(model, null, new ToolCall("call-" + commands++, "echo", json(text)));
            }
          }
          case TOOL_RESULT -> {
            if (tool != null) {
              d.answer(tool, json(text));
            }
          }
        }
        model =
            last(
                measure(
                    d,
                    d.topics.modelRequests(ThreadGroup.TASK),
                    d.modelRequests.get(ThreadGroup.TASK).readValuesToList(),
                    sizes),
                model);
        tool =
            last(
                measure(
                    d,
                    d.topics.toolRequests(ThreadGroup.TASK),
                    d.toolRequests.readValuesToList(),
                    sizes),
                tool);
        measure(d, d.topics.threadEvents(), d.events.readValuesToList(), sizes);
        // Input over a limit may be refused, with its reason; nothing fails for want of room.
        assertThat(d.drainDeadLetters())
            .extracting(RecordsFitTest::reason)
            .noneMatch(reason -> reason.startsWith("internal error"));
      }
      measure(d, StoreNames.THREAD_STATE, ThreadStateValue.class, sizes);
      measure(d, StoreNames.SHARED_AGENTS, AgentDefinition.class, sizes);
      measure(d, StoreNames.THREAD_MESSAGES, StoredMessage.class, sizes);
      measure(d, StoreNames.THREAD_QUEUE, QueuedItem.class, sizes);
      assertThat(sizes)
          .allSatisfy(size -> assertThat(size).isLessThanOrEqualTo(LIMITS.recordBytes()));
    }
  }

  @Provide
  Arbitrary<List<Action>> sessions() {
    Arbitrary<Integer> bytes =
        Arbitraries.oneOf(
            Arbitraries.of(
                LIMITS.messageBytes(), LIMITS.messageBytes() - 1, LIMITS.messageBytes() / 2),
            Arbitraries.integers().between(1, LIMITS.messageBytes()));
    Arbitrary<Action> action =
        Combinators.combine(Arbitraries.of(Kind.class), bytes, Arbitraries.integers().between(1, 4))
            .as(Action::new);
    return action.list().ofMinSize(4).ofMaxSize(24);
  }

  /** {@code action.bytes()} bytes of text in characters of {@code action.width()} bytes. */
  private static String text(Action action) {
    String character =
        switch (action.width()) {
          case 1 -> "a";
          case 2 -> "é";
          case 3 -> "€";
          default -> "😀";
        };
    return character.repeat(Math.max(1, action.bytes() / action.width()));
  }

  /** A JSON object holding {@code text}, as tool arguments are. */
  private static String json(String text) {
    return "{\"t\":\"" + text + "\"}";
  }

  private static <V> List<V> measure(
      StepDriver d, TopicDescriptor<String, V> topic, List<V> written, List<Long> sizes) {
    written.forEach(v -> sizes.add((long) topic.serialize(v).length));
    return written;
  }

  /** The serialized size of every value of store {@code name}. */
  private static <V extends SpecificRecord> void measure(
      StepDriver d, String name, Class<V> type, List<Long> sizes) {
    var serializer = d.serdes.valueSerde(type).serializer();
    KeyValueStore<String, V> store = d.store(name);
    try (var all = store.all()) {
      all.forEachRemaining(e -> sizes.add((long) serializer.serialize(name, e.value).length));
    }
  }

  private static String reason(TestRecord<byte[], byte[]> deadLetter) {
    var header = deadLetter.headers().lastHeader("threadline.dlq.reason");
    return header == null ? "" : new String(header.value(), StandardCharsets.UTF_8);
  }

  private static <V> V last(List<V> written, V before) {
    return written.isEmpty() ? before : written.getLast();
  }
}
