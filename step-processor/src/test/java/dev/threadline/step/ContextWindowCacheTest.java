package dev.threadline.step;

import static dev.threadline.step.Fixtures.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ContextConfig;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ThreadGroup;
import dev.threadline.step.core.MachineConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The in-memory context windows ({@link WindowCache}) change no model request: the same inputs
 * through the real topology, with the cache on and off, produce identical requests — through
 * multi-step turns, a message queued while busy, a re-issue after a deadline, a compaction that
 * moves the window, and two threads interleaved.
 */
class ContextWindowCacheTest {

  @Test
  void givenTheSameInputs_whenTheCacheIsOnOrOff_thenEveryModelRequestIsTheSame() {
    List<ModelRequest> cached = run(StepSettings.MIN_DEFAULT_CACHE_BYTES);
    List<ModelRequest> uncached = run(0);

    // 2 first requests, 2 per round of answers (4), b's compaction, 2 re-issues.
    assertThat(cached).hasSize(13);
    assertThat(cached).isEqualTo(uncached);
    assertThat(cached)
        .extracting(ModelRequest::getPurpose)
        .contains("step", "compaction"); // the scenario covered a compaction
  }

  @Test
  void givenACachedWindow_thenTheNextRequestIsAssembledFromMemoryNotFromTheStore() {
    // White-box: a message removed behind the processor's back still reaches the model when the
    // window is cached, and does not when the cache is off — so the cache is really used.
    assertThat(contextAfterRemovingAMessage(StepSettings.MIN_DEFAULT_CACHE_BYTES))
        .contains("first");
    assertThat(contextAfterRemovingAMessage(0)).doesNotContain("first");
  }

  private static List<String> contextAfterRemovingAMessage(long cacheBytes) {
    try (StepDriver d = new StepDriver(settings(cacheBytes))) {
      d.agent(Fixtures.agent("helper", 20));
      d.command(Fixtures.create("c-1", "t-1", "helper"));
      d.command(Fixtures.message("c-2", "t-1", "first"));
      ModelRequest first = d.nextModelRequest();
      d.store(StoreNames.THREAD_MESSAGES).delete(Keys.message("t-1", 1));
      d.answer(first, null, call("c1", "echo", "{}"));
      d.answer(d.toolRequests.readValue(), "{}");
      return d.nextModelRequest().getMessages().stream().map(m -> m.getContent()).toList();
    }
  }

  private static StepSettings settings(long cacheBytes) {
    StepSettings defaults = StepSettings.from(Map.of());
    return new StepSettings(
        MachineConfig.defaults(),
        defaults.deadlineScanInterval(),
        defaults.contextPolicy(),
        defaults.files(),
        cacheBytes,
        defaults.requestReuseBytes(),
        null,
        IdleExpiry.NEVER);
  }

  private static List<ModelRequest> run(long cacheBytes) {
    List<ModelRequest> requests = new ArrayList<>();
    Map<String, ModelRequest> latest = new HashMap<>();
    try (StepDriver d = new StepDriver(settings(cacheBytes))) {
      Runnable drain =
          () ->
              d.modelRequests
                  .get(ThreadGroup.TASK)
                  .readValuesToList()
                  .forEach(
                      r -> {
                        requests.add(r);
                        latest.put(r.getThreadId(), r);
                      });
      d.agent(Fixtures.agent("helper", 20));
      d.agent(
          AgentDefinition.newBuilder(Fixtures.agent("tiny", 20))
              .setContext(new ContextConfig(6_000, 1_000))
              .build());
      d.command(Fixtures.create("c-a", "t-a", "helper"));
      d.command(Fixtures.create("c-b", "t-b", "tiny"));
      d.command(Fixtures.message("c-a1", "t-a", "work on a"));
      d.command(Fixtures.message("c-b1", "t-b", "work on b"));
      drain.run();

      for (int step = 1; step <= 4; step++) {
        if (step == 2) {
          d.command(Fixtures.message("c-a2", "t-a", "and also this")); // queued while busy
        }
        if (step == 3) {
          d.advance(Duration.ofSeconds(121)); // no answers: both requests are re-issued
          drain.run();
        }
        String args = "{\"n\":" + step + "}";
        d.answer(latest.get("t-a"), null, call("a" + step, "echo", args));
        d.answer(d.toolRequests.readValue(), args);
        d.answer(latest.get("t-b"), null, call("b" + step, "echo", args));
        // Thread b's second tool output fills its small window: it compacts before going on.
        d.answer(d.toolRequests.readValue(), step == 2 ? "y".repeat(15_000) : args);
        drain.run();
        if (latest.get("t-b").getPurpose().equals("compaction")) {
          d.answer(latest.get("t-b"), "Goal: work on b\nNext steps: go on");
          drain.run();
        }
      }
      d.answer(latest.get("t-a"), "done with a");
      d.answer(latest.get("t-b"), "done with b");
      drain.run();
    }
    return requests;
  }
}
