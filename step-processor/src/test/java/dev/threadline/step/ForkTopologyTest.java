package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.avro.Fork;
import dev.threadline.avro.ForkSeeded;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.SetValue;
import dev.threadline.avro.ThreadCreated;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadForked;
import dev.threadline.avro.ValueChanged;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A Fork command through the real topology: the forked thread's shell reads the window and the
 * values, writes the new thread's creation and seeds to thread-commands in its transaction, and the
 * new thread — another key — takes them in order, then goes on from them.
 */
class ForkTopologyTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  private static <P> List<P> payloads(List<ThreadEvent> events, String thread, Class<P> type) {
    return events.stream()
        .filter(e -> e.getThreadId().equals(thread))
        .map(ThreadEvent::getPayload)
        .filter(type::isInstance)
        .map(type::cast)
        .toList();
  }

  /** The seq of the source's last event after its first turn and a value written. */
  private long givenTwoTurnsWithAValueChangedBetween() {
    d.startThread("t-f", "hi");
    d.answer(d.nextModelRequest(), "hello");
    d.command(Fixtures.command("c-v1", "t-f", new SetValue("color", "\"teal\"")));
    long afterFirst = d.drainEvents().getLast().getSeq();
    d.command(Fixtures.message("c-2", "t-f", "and now?"));
    d.answer(d.nextModelRequest(), "this");
    d.command(Fixtures.command("c-v2", "t-f", new SetValue("color", "\"red\"")));
    d.drainEvents();
    return afterFirst;
  }

  @Test
  void theNewThreadHoldsTheWindowAndValuesOfItsEventAndGoesOnFromThem() {
    long afterFirst = givenTwoTurnsWithAValueChangedBetween();

    d.command(
        Fixtures.command(
            "c-fork", "t-f", new Fork("t-g", afterFirst, 1L, 2L, Map.of("color", "\"teal\""))));

    List<ThreadEvent> events = d.drainEvents();
    ThreadForked forked = payloads(events, "t-f", ThreadForked.class).getFirst();
    assertThat(forked.getToThreadId()).isEqualTo("t-g");
    assertThat(forked.getCopied()).isEqualTo(2);
    assertThat(payloads(events, "t-g", ThreadCreated.class).getFirst().getMetadata())
        .containsEntry("forkedFrom", "t-f");
    assertThat(payloads(events, "t-g", MessageAppended.class))
        .extracting(m -> m.getMessage().getContent())
        .containsExactly("hi", "hello");
    assertThat(payloads(events, "t-g", ValueChanged.class))
        .extracting(ValueChanged::getValueJson)
        .containsExactly("\"teal\"");
    assertThat(payloads(events, "t-g", ForkSeeded.class).getFirst().getCopied()).isEqualTo(2);
    assertThat(events.getLast().getPayload()).isInstanceOf(ForkSeeded.class);

    d.command(Fixtures.message("c-3", "t-g", "so?"));
    ModelRequest request = d.nextModelRequest();
    assertThat(request.getThreadId()).isEqualTo("t-g");
    assertThat(request.getMessages().stream().skip(1).map(ChatMessage::getContent))
        .containsExactly("hi", "hello", "so?");
  }

  @Test
  void aForkLargerThanARecordArrivesInSeveralSeedsAndIsWholeOnlyAtTheLast() {
    d.startThread("t-f", "hi");
    d.answer(d.nextModelRequest(), "hello");
    String big = "\"" + "x".repeat(60_000) + "\"";
    for (int i = 0; i < 10; i++) {
      d.command(Fixtures.command("c-v" + i, "t-f", new SetValue("k" + i, big)));
    }
    long last = d.drainEvents().getLast().getSeq();

    d.command(Fixtures.command("c-fork", "t-f", new Fork("t-g", last, 1L, 2L, Map.of())));

    List<ThreadEvent> events = d.drainEvents();
    assertThat(payloads(events, "t-g", MessageAppended.class)).hasSize(2);
    assertThat(payloads(events, "t-g", ValueChanged.class)).hasSize(10);
    assertThat(payloads(events, "t-g", ForkSeeded.class))
        .singleElement()
        .satisfies(s -> assertThat(s.getValues()).isEqualTo(10));
    assertThat(d.stateStore().get("t-g").getForkSeeding()).isNull();
  }
}
