package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.avro.DeleteThread;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.SealedPayload;
import dev.threadline.avro.ThreadDataKey;
import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.sealing.EventSeal;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Crypto-shredding through the real topology: with an events key set, a thread's events go on the
 * log sealed with its own data key, the key goes (wrapped) on {@code thread-data-keys} in the same
 * transaction, and deleting the thread tombstones the key wherever it was kept.
 */
class SealedEventsTopologyTest {
  private static final String EVENTS_KEY = EventSeal.newKey();
  private StepDriver d;

  @AfterEach
  void close() {
    d.close();
  }

  private StepDriver sealing() {
    return new StepDriver(StepSettings.from(Map.of(EventSeal.SETTING, EVENTS_KEY)));
  }

  private TestOutputTopic<String, ThreadDataKey> dataKeys() {
    return d.driver.createOutputTopic(
        d.topics.threadDataKeys().name(),
        Serdes.String().deserializer(),
        d.topics.threadDataKeys().valueSerde().deserializer());
  }

  private void runOneTurn(String threadId) {
    d.agent(Fixtures.agent("helper", 20));
    d.command(Fixtures.create("c-create-" + threadId, threadId, "helper"));
    d.command(Fixtures.message("c-msg-" + threadId, threadId, "my card is 4111"));
    d.answer(d.nextModelRequest(), "noted");
  }

  private ThreadEvent open(SecretKey key, ThreadEvent sealed) {
    ByteBuffer buffer = ((SealedPayload) sealed.getPayload()).getSealed().duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    byte[] plain = EventSeal.open(key, sealed.getThreadId(), sealed.getSeq(), bytes);
    return d.topics
        .threadEvents()
        .valueSerde()
        .deserializer()
        .deserialize(d.topics.threadEvents().name(), plain);
  }

  @Test
  void everyEventOfAThreadIsSealedWithTheOneDataKeyItsFirstEventPublished() {
    d = sealing();
    runOneTurn("t-1");

    List<ThreadEvent> events = d.drainEvents();
    List<TestRecord<String, ThreadDataKey>> keys = dataKeys().readRecordsToList();
    assertThat(keys).singleElement().satisfies(k -> assertThat(k.key()).isEqualTo("t-1"));
    assertThat(events)
        .isNotEmpty()
        .allSatisfy(e -> assertThat(e.getPayload()).isInstanceOf(SealedPayload.class));
    SecretKey key = EventSeal.of(EVENTS_KEY).unwrap(keys.getFirst().value());
    List<ThreadEvent> opened = events.stream().map(e -> open(key, e)).toList();
    assertThat(opened)
        .extracting(ThreadEvent::getSeq)
        .isEqualTo(events.stream().map(ThreadEvent::getSeq).toList());
    assertThat(opened)
        .filteredOn(e -> e.getPayload() instanceof MessageAppended)
        .extracting(e -> ((MessageAppended) e.getPayload()).getMessage().getContent())
        .contains("my card is 4111", "noted");
  }

  @Test
  void aSealedEventOpensOnlyAsItselfAndOnlyWithItsThreadsKey() {
    d = sealing();
    runOneTurn("t-1");
    runOneTurn("t-2");
    List<ThreadEvent> events = d.drainEvents();
    List<TestRecord<String, ThreadDataKey>> records = dataKeys().readRecordsToList();
    Map<String, SecretKey> keys = new java.util.HashMap<>();
    records.forEach(r -> keys.put(r.key(), EventSeal.of(EVENTS_KEY).unwrap(r.value())));
    ThreadEvent first = events.getFirst();
    ThreadEvent otherThreads =
        events.stream()
            .filter(e -> !e.getThreadId().equals(first.getThreadId()))
            .findFirst()
            .orElseThrow();

    assertThat(keys).hasSize(2);
    assertThatThrownBy(() -> open(keys.get(otherThreads.getThreadId()), first))
        .hasMessageContaining("does not open");
    ThreadEvent movedToAnotherSeq =
        ThreadEvent.newBuilder(first).setSeq(first.getSeq() + 1).build();
    assertThatThrownBy(() -> open(keys.get(first.getThreadId()), movedToAnotherSeq))
        .hasMessageContaining("does not open");
    assertThatThrownBy(() -> EventSeal.of(EventSeal.newKey()).unwrap(records.getFirst().value()))
        .hasMessageContaining("does not open with this events key");
  }

  @Test
  void deletingAThreadTombstonesItsDataKeyAndSaysSoInTheClear() {
    d = sealing();
    runOneTurn("t-del");
    d.drainEvents();
    TestOutputTopic<String, ThreadDataKey> keys = dataKeys();
    assertThat(keys.readRecordsToList()).hasSize(1);

    d.command(Fixtures.command("c-del", "t-del", new DeleteThread("asked")));

    assertThat(d.drainEvents().getLast().getPayload()).isEqualTo(new ThreadDeleted("asked"));
    assertThat(keys.readRecordsToList())
        .singleElement()
        .satisfies(
            k -> {
              assertThat(k.key()).isEqualTo("t-del");
              assertThat(k.value()).isNull();
            });
    assertThat(d.<ThreadDataKey>store(StoreNames.DATA_KEYS).get("t-del")).isNull();
  }

  @Test
  void withoutAnEventsKeyEventsAreInTheClearAndNoKeyIsMade() {
    d = new StepDriver(StepSettings.from(Map.of()));
    runOneTurn("t-1");

    assertThat(d.drainEvents()).noneMatch(e -> e.getPayload() instanceof SealedPayload);
    assertThat(dataKeys().isEmpty()).isTrue();
  }
}
