package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.QueueMessage;
import dev.threadline.avro.Steer;
import dev.threadline.avro.store.QueuedItem;
import dev.threadline.avro.store.QueuedKind;
import dev.threadline.avro.store.ThreadStateValue;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Queued work lives in the thread-queue store, one record per item, so that the thread-state value
 * stays small however much a tenant queues; its order is kept in the state value.
 */
class QueueStoreTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void queuedWorkIsStoredOneItemPerRecordInQueueOrderAndLeavesWhenDrained() {
    ModelRequest pending = busyThread("t-1");

    d.command(Fixtures.command("c-q1", "t-1", new QueueMessage(Fixtures.userMessage("first"))));
    d.command(Fixtures.command("c-q2", "t-1", new QueueMessage(Fixtures.userMessage("second"))));
    d.command(Fixtures.command("c-s", "t-1", new Steer(Fixtures.userMessage("steer now"))));

    assertThat(queuedTexts("t-1")).containsExactly("steer now", "first", "second");
    assertThat(d.stateStore().get("t-1").getQueue()).isEmpty();

    d.answer(pending, "done");

    assertThat(d.stateStore().get("t-1").getQueued()).isEmpty();
    assertThat(storedItems()).isEmpty();
    assertThat(d.nextModelRequest().getMessages())
        .extracting(m -> m.getContent())
        .contains("steer now", "first", "second");
  }

  @Test
  void queuedWorkAStateValueStillHoldsIsMovedToTheStoreAtItsNextStep() {
    ModelRequest pending = busyThread("t-2");
    KeyValueStore<String, ThreadStateValue> states = d.stateStore();
    ThreadStateValue old = states.get("t-2");
    old.setQueue(
        new ArrayList<>(
            List.of(
                QueuedItem.newBuilder()
                    .setCommandId("c-old")
                    .setKind(QueuedKind.MESSAGE)
                    .setMessage(Fixtures.userMessage("queued long ago"))
                    .setQueuedAt(Fixtures.T0)
                    .build())));
    states.put("t-2", old);

    d.command(Fixtures.command("c-new", "t-2", new QueueMessage(Fixtures.userMessage("new"))));

    assertThat(states.get("t-2").getQueue()).isEmpty();
    assertThat(queuedTexts("t-2")).containsExactly("queued long ago", "new");
    d.answer(pending, "done");
    assertThat(d.nextModelRequest().getMessages())
        .extracting(m -> m.getContent())
        .contains("queued long ago", "new");
  }

  private ModelRequest busyThread(String threadId) {
    d.agent(Fixtures.agent("helper", 5));
    d.command(Fixtures.create("c-create-" + threadId, threadId, "helper"));
    d.command(Fixtures.message("c-go-" + threadId, threadId, "go"));
    return d.nextModelRequest();
  }

  /** The queued texts of a thread, in the order its state value gives. */
  private List<String> queuedTexts(String threadId) {
    KeyValueStore<String, QueuedItem> items = d.store(StoreNames.THREAD_QUEUE);
    return d.stateStore().get(threadId).getQueued().stream()
        .map(seq -> items.get(Keys.queued(threadId, seq)).getMessage().getText())
        .toList();
  }

  private List<KeyValue<String, QueuedItem>> storedItems() {
    KeyValueStore<String, QueuedItem> items = d.store(StoreNames.THREAD_QUEUE);
    List<KeyValue<String, QueuedItem>> all = new ArrayList<>();
    try (var it = items.all()) {
      it.forEachRemaining(all::add);
    }
    return all;
  }
}
