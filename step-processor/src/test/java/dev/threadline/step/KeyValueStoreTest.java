package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolEffect;
import dev.threadline.avro.store.KvEntry;
import dev.threadline.config.KvLimits;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spec §14, the durable per-thread key-value store, through the real topology and its store. */
class KeyValueStoreTest {
  private final StepDriver d = new StepDriver();

  @AfterEach
  void close() {
    d.close();
  }

  private ModelRequest start(String threadId, AgentDefinition agent) {
    d.agent(agent);
    d.command(Fixtures.create(threadId + "-c", threadId, agent.getName()));
    d.command(Fixtures.message(threadId + "-m", threadId, "go"));
    return d.nextModelRequest();
  }

  @Test
  void aDeletedKeyReadsAsNull() {
    ModelRequest r = start("t-del", Fixtures.agent("helper", 10));
    d.answer(r, null, call("k1", "set_value", "{\"key\":\"k\",\"value\":1}"));
    ModelRequest afterSet = d.nextModelRequest();
    d.answer(afterSet, null, call("k2", "set_value", "{\"key\":\"k\",\"value\":null}"));
    ModelRequest afterDelete = d.nextModelRequest();

    d.answer(afterDelete, null, call("k3", "get_value", "{\"key\":\"k\"}"));

    assertThat(d.nextModelRequest().getMessages().getLast().getContent()).isEqualTo("null");
    assertThat(d.store(StoreNames.THREAD_KV).get("t-del|k")).isNull();
  }

  @Test
  void aKeyOrAValueOverItsCapIsAToolErrorNamingTheLimit() {
    ModelRequest r = start("t-cap", Fixtures.agent("helper", 10));
    d.answer(r, null, call("k1", "set_value", "{\"key\":\"" + "k".repeat(257) + "\",\"value\":1}"));
    ModelRequest afterKey = d.nextModelRequest();
    assertThat(afterKey.getMessages().getLast().getContent()).contains("the key limit is 256");

    d.answer(
        afterKey,
        null,
        call("k2", "set_value", "{\"key\":\"big\",\"value\":\"" + "v".repeat(65_537) + "\"}"));

    assertThat(d.nextModelRequest().getMessages().getLast().getContent())
        .contains("the value limit is 65536");
    assertThat(d.store(StoreNames.THREAD_KV).get("t-cap|big")).isNull();
  }

  @Test
  void aChildThreadDoesNotSeeItsParentsValues() {
    d.agent(Fixtures.agent("researcher", 10));
    AgentDefinition boss =
        Fixtures.withSubagent(Fixtures.agent("boss", 10), "research", "researcher");
    ModelRequest parent = start("p-kv", boss);
    d.answer(parent, null, call("k1", "set_value", "{\"key\":\"secret\",\"value\":\"parent's\"}"));
    ModelRequest afterSet = d.nextModelRequest();

    d.answer(afterSet, null, call("k2", "research", "{\"message\":\"what is the secret?\"}"));

    ModelRequest child = d.nextModelRequest();
    while (!child.getThreadId().equals("p-kv/research-1.2.0")) {
      child = d.nextModelRequest();
    }
    d.answer(child, null, call("k3", "get_value", "{\"key\":\"secret\"}"));
    ModelRequest childNext = d.nextModelRequest();
    while (!childNext.getThreadId().equals("p-kv/research-1.2.0")) {
      childNext = d.nextModelRequest();
    }
    assertThat(childNext.getMessages().getLast().getContent()).isEqualTo("null");
  }

  @Test
  void aValueSetWithACommandIsWhatTheNextGetValueReads() {
    ModelRequest r = start("t-cmd", Fixtures.agent("helper", 10));

    setValue("t-cmd-v", "t-cmd", "color", "\"teal\"");
    d.answer(r, null, call("k1", "get_value", "{\"key\":\"color\"}"));

    assertThat(d.nextModelRequest().getMessages().getLast().getContent()).isEqualTo("\"teal\"");
    setValue("t-cmd-d", "t-cmd", "color", null);
    assertThat(d.store(StoreNames.THREAD_KV).get("t-cmd|color")).isNull();
  }

  @Test
  void aThreadHoldsAtMostTheKeyCapANewKeyPastItIsAToolErrorAndAHeldKeyMayChange() {
    ModelRequest r = start("t-keys", Fixtures.agent("helper", 10));
    givenKeys("t-keys", KvLimits.MAX_KEYS);

    d.answer(r, null, call("k1", "set_value", "{\"key\":\"one-more\",\"value\":1}"));

    ModelRequest next = d.nextModelRequest();
    assertThat(next.getMessages().getLast().getContent())
        .contains("holds 1000 keys")
        .contains("set one to null");
    assertThat(d.store(StoreNames.THREAD_KV).get("t-keys|one-more")).isNull();
    d.answer(next, null, call("k2", "set_value", "{\"key\":\"k7\",\"value\":2}"));
    assertThat(d.nextModelRequest().getMessages().getLast().getContent()).contains("\"ok\"");
    assertThat(d.<KvEntry>store(StoreNames.THREAD_KV).get("t-keys|k7").getValueJson())
        .isEqualTo("2");
  }

  @Test
  void aValueSetWithACommandUnderANewKeyPastTheCapIsRefusedNamingTheCap() {
    start("t-keys-cmd", Fixtures.agent("helper", 10));
    givenKeys("t-keys-cmd", KvLimits.MAX_KEYS);
    d.drainEvents();

    setValue("t-keys-cmd-v", "t-keys-cmd", "one-more", "1");

    assertThat(d.drainEvents().toString()).contains("holds 1000 keys");
    assertThat(d.store(StoreNames.THREAD_KV).get("t-keys-cmd|one-more")).isNull();
    setValue("t-keys-cmd-d", "t-keys-cmd", "k0", null);
    setValue("t-keys-cmd-w", "t-keys-cmd", "one-more", "1");
    assertThat(d.store(StoreNames.THREAD_KV).get("t-keys-cmd|one-more")).isNotNull();
  }

  @Test
  void aToolsWriteUnderANewKeyPastTheCapMakesItsResultAnErrorNamingTheCap() {
    ModelRequest r = start("t-keys-tool", Fixtures.agent("helper", 10));
    givenKeys("t-keys-tool", KvLimits.MAX_KEYS);
    d.answer(r, null, call("e1", "echo", "{}"));

    d.answer(
        d.toolRequests.readValue(),
        "{}",
        List.of(new ToolEffect("set_value", "{\"key\":\"one-more\",\"value\":1}", List.of())));

    var result = d.nextModelRequest().getMessages().getLast();
    assertThat(result.getIsError()).isTrue();
    assertThat(result.getContent()).contains("holds 1000 keys");
    assertThat(d.store(StoreNames.THREAD_KV).get("t-keys-tool|one-more")).isNull();
  }

  /**
   * Command {@code commandId}: an operator sets {@code key} of the thread's store (null deletes).
   */
  private void setValue(String commandId, String threadId, String key, String valueJson) {
    d.command(
        Fixtures.command(commandId, threadId, new dev.threadline.avro.SetValue(key, valueJson)));
  }

  /** Thread {@code threadId}'s store already holds keys k0 … k(n-1). */
  private void givenKeys(String threadId, int n) {
    org.apache.kafka.streams.state.KeyValueStore<String, KvEntry> kv =
        d.store(StoreNames.THREAD_KV);
    for (int i = 0; i < n; i++) {
      kv.put(Keys.kv(threadId, "k" + i), new KvEntry("0", java.time.Instant.EPOCH));
    }
  }
}
