package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.CommandRejected;
import dev.threadline.avro.DeleteThread;
import dev.threadline.avro.ThreadDeleted;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.ThreadStateValue;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deleting a thread through the real topology: what it held — messages, key-value store, timers,
 * frozen agent, files — is gone from every store and the files folder; its state is a tombstone
 * that takes no more input.
 */
class DeletionTopologyTest {
  @TempDir Path files;
  private StepDriver d;

  @BeforeEach
  void start() {
    d = new StepDriver(StepSettings.from(Map.of("threadline.blobs.dir", files.toString())));
  }

  @AfterEach
  void close() {
    d.close();
  }

  private static <V> List<String> keysOf(KeyValueStore<String, V> store, String threadId) {
    List<String> keys = new ArrayList<>();
    try (var all = store.all()) {
      all.forEachRemaining(
          e -> {
            if (e.key.startsWith(threadId + "|") || e.key.equals(threadId)) {
              keys.add(e.key);
            }
          });
    }
    return keys;
  }

  @Test
  void aDeletedThreadLeavesNothingButItsTombstone() throws Exception {
    d.agent(Fixtures.agent("helper", 20));
    d.command(Fixtures.create("c-create", "t-del", "helper"));
    d.command(Fixtures.message("c-msg", "t-del", "remember my colour"));
    d.answer(d.nextModelRequest(), null, call("k1", "set_value", "{\"key\":\"c\",\"value\":1}"));
    d.answer(d.nextModelRequest(), "done");
    var action = new dev.threadline.avro.QueueMessage(Fixtures.userMessage("later"));
    d.command(
        Fixtures.command(
            "c-fx",
            "t-del",
            new dev.threadline.avro.ScheduleEffect(
                "fx", Fixtures.T0.plusSeconds(600), action, null)));
    new dev.threadline.files.FolderThreadFiles(files)
        .write(
            Fixtures.TENANT,
            "t-del",
            "/attachments/a.txt",
            "text/plain",
            new ByteArrayInputStream(new byte[] {1}),
            10);
    d.drainEvents();

    d.command(Fixtures.command("c-del", "t-del", new DeleteThread("asked")));

    List<ThreadEvent> events = d.drainEvents();
    assertThat(events.getLast().getPayload()).isEqualTo(new ThreadDeleted("asked"));
    assertThat(keysOf(d.store(StoreNames.THREAD_MESSAGES), "t-del")).isEmpty();
    assertThat(keysOf(d.store(StoreNames.THREAD_KV), "t-del")).isEmpty();
    assertThat(keysOf(d.store(StoreNames.THREAD_AGENT_REFS), "t-del")).isEmpty();
    assertThat(d.store(StoreNames.SHARED_AGENTS).approximateNumEntries())
        .as("its agent's copy went with the only thread that ran it")
        .isZero();
    assertThat(keysOf(d.store(StoreNames.EFFECTS), "t-del")).isEmpty();
    assertThat(d.store(StoreNames.TIMERS).approximateNumEntries()).isZero();
    assertThat(
            Files.exists(
                new dev.threadline.files.FolderThreadFiles(files).folder(Fixtures.TENANT, "t-del")))
        .isFalse();
    ThreadStateValue tombstone = d.<ThreadStateValue>store(StoreNames.THREAD_STATE).get("t-del");
    assertThat(tombstone.getDeletedAt()).isNotNull();
    assertThat(tombstone.getEnv()).isEmpty();

    d.command(Fixtures.message("c-again", "t-del", "anyone?"));
    List<ThreadEvent> refused = d.drainEvents();
    assertThat(refused).singleElement().satisfies(e -> assertThat(e.getSeq()).isZero());
    assertThat(((CommandRejected) refused.getFirst().getPayload()).getReason())
        .isEqualTo("thread deleted");
  }
}
