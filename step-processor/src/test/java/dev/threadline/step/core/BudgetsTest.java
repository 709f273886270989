package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.Limits;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Byte budgets (issue 22 item 1): what a tenant sends is measured in the UTF-8 bytes Kafka stores,
 * and over a budget it is refused with the limit's name — never stored, never an exception.
 */
class BudgetsTest {
  private static Scenario limited(UnaryOperator<Limits> limits) {
    return new Scenario(MachineConfig.defaults().withLimits(limits));
  }

  @Test
  void aMessageIsMeasuredInBytesNotCharacters() {
    Scenario scenario = new Scenario();
    scenario.given(scenario.create());
    String euros = "€".repeat(100_000); // 100,000 characters, 300,000 bytes

    scenario.when(scenario.message(euros));

    scenario.thenRejected(
        "the message is 300000 bytes; the limit is 262144 (threadline.limits.message.bytes)");
    scenario.thenRequestsNoModel();
  }

  @Test
  void metadataAndAttachmentsCountTowardsTheMessageBudget() {
    Scenario scenario = limited(l -> l.withMessageBytes(1_000));
    scenario.given(scenario.create());
    var bigMeta =
        new InboundMessage(
            Origin.INVOKE, null, null, "hi", Map.of("note", "x".repeat(1_000)), List.of());
    var manyFiles =
        new InboundMessage(
            Origin.INVOKE,
            null,
            null,
            "hi",
            Map.of(),
            java.util.stream.IntStream.range(0, 100)
                .mapToObj(i -> new Attachment("files/report-" + i + ".pdf", null, null, null))
                .toList());

    scenario.when(scenario.message(bigMeta, Delivery.AUTO));
    scenario.thenRejected("threadline.limits.message.bytes");
    scenario.when(scenario.message(manyFiles, Delivery.AUTO));
    scenario.thenRejected("threadline.limits.message.bytes");
  }

  @Test
  void aQueueOverItsByteBudgetRefusesTheCommandAndKeepsWhatItHolds() {
    Scenario scenario = limited(l -> l.withQueue(1_000, 1_000));
    scenario.given(scenario.create(), scenario.message("busy"), scenario.message("a".repeat(600)));

    scenario.when(scenario.message("b".repeat(600)));

    scenario.thenRejected(
        "queue is full: the queue with this item is 1200 bytes; the limit is 1000"
            + " (threadline.limits.queue.bytes)");
    assertThat(scenario.state.queue()).singleElement().extracting(Queued::bytes).isEqualTo(600L);
  }

  @Test
  void aQueueOverItsItemCountNamesTheLimit() {
    Scenario scenario = limited(l -> l.withQueue(1, l.queueBytes()));
    scenario.given(scenario.create(), scenario.message("busy"), scenario.message("one"));

    scenario.when(scenario.message("two"));

    scenario.thenRejected("queue is full: 1 items; the limit is 1 (threadline.limits.queue.items)");
  }

  @Test
  void aQueuedToolWhoseArgumentsAreOverTheLimitIsRefused() {
    Scenario scenario = limited(l -> l.withToolArgumentsBytes(100));
    scenario.given(scenario.create());

    scenario.when(scenario.queueTool("echo", "{\"text\":\"" + "x".repeat(100) + "\"}"));

    scenario.thenRejected(
        "the argument object of tool 'echo' is 111 bytes; the limit is 100"
            + " (threadline.limits.tool.arguments.bytes)");
    scenario.thenRequestsNoModel();
  }

  @Test
  void choresCoalesceOnlyWhileTheJoinedMessageFitsTheBudget() {
    Scenario scenario = limited(l -> l.withMessageBytes(100));
    scenario.given(scenario.create(), scenario.message("busy"));

    scenario.given(
        scenario.message(chore("a".repeat(60)), Delivery.QUEUE),
        scenario.message(chore("b".repeat(60)), Delivery.QUEUE),
        scenario.message(chore("c".repeat(10)), Delivery.QUEUE));

    assertThat(scenario.state.queue())
        .map(item -> ((QueuedMessage) item).message().text())
        .containsExactly("a".repeat(60), "b".repeat(60) + "\n\n" + "c".repeat(10));
  }

  private static InboundMessage chore(String text) {
    return new InboundMessage(Origin.CHORE, null, null, text, Map.of(), List.of());
  }
}
