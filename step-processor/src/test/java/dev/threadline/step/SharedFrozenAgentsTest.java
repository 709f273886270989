package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.DeleteThread;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Threads of one agent share one frozen copy of it, stored by content hash with the count of
 * threads that run it: a thousand idle threads cost one copy, a creation writes no agent again, and
 * the copy goes with the last of its threads. Threads frozen before copies were shared still run.
 */
class SharedFrozenAgentsTest {
  private StepDriver d;
  private TestOutputTopic<byte[], byte[]> copiesChangelog;

  @BeforeEach
  void start() {
    d = new StepDriver();
    copiesChangelog =
        d.driver.createOutputTopic(
            "threadline-step-processor-" + StoreNames.SHARED_AGENTS + "-changelog",
            Serdes.ByteArray().deserializer(),
            Serdes.ByteArray().deserializer());
  }

  @AfterEach
  void close() {
    d.close();
  }

  @Test
  void aThousandThreadsOfOneAgentKeepOneCopyAndACreationWritesNoAgentAgain() {
    d.agent(Fixtures.agent("shared", 5));
    d.command(Fixtures.create("c-0", "t-0", "shared"));
    assertThat(copiesChangelog.readRecordsToList()).hasSize(1);

    for (int i = 1; i < 1_000; i++) {
      d.command(Fixtures.create("c-" + i, "t-" + i, "shared"));
    }

    assertThat(copiesChangelog.readRecordsToList()).as("the copy is written once").isEmpty();
    assertThat(entries(d.store(StoreNames.SHARED_AGENTS))).hasSize(1);
    assertThat(entries(d.<Long>store(StoreNames.SHARED_AGENT_THREADS)))
        .singleElement()
        .satisfies(count -> assertThat(count.value).isEqualTo(1_000L));
    assertThat(entries(d.store(StoreNames.THREAD_AGENT))).isEmpty();
  }

  @Test
  void twoAgentsKeepTwoCopiesAndARedefinitionFreezesNewThreadsOnANewOne() {
    d.agent(prompted("first", "Version one."));
    d.agent(prompted("second", "Another agent."));
    d.command(Fixtures.create("c-1", "t-1", "first"));
    d.command(Fixtures.create("c-2", "t-2", "second"));
    d.agent(prompted("first", "Version two."));
    d.command(Fixtures.create("c-3", "t-3", "first"));

    assertThat(entries(d.store(StoreNames.SHARED_AGENTS))).hasSize(3);
    assertThat(systemPromptOf("t-1")).isEqualTo("Version one.");
    assertThat(systemPromptOf("t-3")).isEqualTo("Version two.");
  }

  @Test
  void theCopyStaysWhileAThreadRunsItAndGoesWithTheLast() {
    d.agent(Fixtures.agent("shared", 5));
    d.command(Fixtures.create("c-1", "t-1", "shared"));
    d.command(Fixtures.create("c-2", "t-2", "shared"));

    d.command(Fixtures.command("c-del-1", "t-1", new DeleteThread("asked")));
    d.command(Fixtures.create("c-1-again", "t-1", "shared"));
    d.command(Fixtures.create("c-2-again", "t-2", "shared"));

    assertThat(entries(d.<Long>store(StoreNames.SHARED_AGENT_THREADS)))
        .singleElement()
        .satisfies(count -> assertThat(count.value).as("a repeated creation is no thread").isOne());
    assertThat(systemPromptOf("t-2")).isEqualTo("You are a test agent for t-2.");

    d.command(Fixtures.command("c-del-2", "t-2", new DeleteThread("asked")));

    assertThat(entries(d.store(StoreNames.SHARED_AGENTS))).isEmpty();
    assertThat(entries(d.store(StoreNames.SHARED_AGENT_THREADS))).isEmpty();
    assertThat(entries(d.store(StoreNames.THREAD_AGENT_REFS))).isEmpty();
  }

  @Test
  void aThreadFrozenBeforeCopiesWereSharedRunsOnItsOwnCopyAndDeletesIt() {
    d.agent(prompted("legacy", "Frozen long ago."));
    d.command(Fixtures.create("c-1", "t-old", "legacy"));
    KeyValueStore<String, String> refs = d.store(StoreNames.THREAD_AGENT_REFS);
    KeyValueStore<String, AgentDefinition> copies = d.store(StoreNames.SHARED_AGENTS);
    String digest = refs.delete("t-old");
    d.<AgentDefinition>store(StoreNames.THREAD_AGENT).put("t-old", copies.delete(digest));
    d.store(StoreNames.SHARED_AGENT_THREADS).delete(digest);

    assertThat(systemPromptOf("t-old")).isEqualTo("Frozen long ago.");
    d.command(Fixtures.command("c-del", "t-old", new DeleteThread("asked")));

    assertThat(entries(d.store(StoreNames.THREAD_AGENT))).isEmpty();
  }

  private static AgentDefinition prompted(String name, String systemPrompt) {
    return AgentDefinition.newBuilder(Fixtures.agent(name, 5))
        .setSystemPrompt(systemPrompt)
        .build();
  }

  /** The system prompt of {@code threadId}'s next model call: the agent it froze, as it runs. */
  private String systemPromptOf(String threadId) {
    d.command(Fixtures.message("c-msg-" + threadId, threadId, "hello"));
    return String.valueOf(d.nextModelRequest().getMessages().getFirst().getContent());
  }

  private static <V> List<KeyValue<String, V>> entries(KeyValueStore<String, V> store) {
    List<KeyValue<String, V>> all = new ArrayList<>();
    try (var it = store.all()) {
      it.forEachRemaining(all::add);
    }
    return all;
  }
}
