package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ChatMessage;
import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Transition;
import dev.threadline.testkit.ChatSequence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The state machine's invariants over the golden transcripts, whose generator produces every input
 * type (parents and children, effects, approvals, compaction, stale and duplicate results, other
 * tenants): checked at every decision of 200 seeds × 300 inputs, not only at the end.
 */
class TranscriptInvariantsTest {
  private static final int SEEDS = 200;

  @Test
  void everyDecisionKeepsTheInvariants() {
    for (int seed = 0; seed < SEEDS; seed++) {
      GoldenDriver driver = new GoldenDriver(seed, new GoldenCoverage());
      Invariants invariants = new Invariants(seed);
      driver.world().observe(invariants::check);
      driver.play(GoldenTranscriptTest.STEPS);
      assertThat(invariants.decisions)
          .as("seed %d", seed)
          .isGreaterThan(GoldenTranscriptTest.STEPS / 2);
    }
  }

  /**
   * Spec §3, §5: whatever happened (aborts, terminations, denials, a session stopped mid-reply),
   * every model request is a conversation a chat-completions endpoint accepts.
   */
  @Test
  void everyModelRequestIsAValidChatCompletionsConversation() {
    for (int seed = 0; seed < SEEDS; seed++) {
      GoldenDriver driver = new GoldenDriver(seed, new GoldenCoverage());
      List<String> problems = new ArrayList<>();
      int seedNumber = seed;
      driver
          .world()
          .observeRequests(
              r ->
                  ChatSequence.violations(asChat(r.getMessages()))
                      .forEach(
                          p ->
                              problems.add(
                                  "seed " + seedNumber + ", " + r.getRequestId() + ": " + p)));
      driver.play(GoldenTranscriptTest.STEPS);
      assertThat(problems).isEmpty();
    }
  }

  static List<ChatSequence.Message> asChat(List<ChatMessage> messages) {
    return messages.stream()
        .map(
            m ->
                new ChatSequence.Message(
                    m.getRole().name().toLowerCase(Locale.ROOT),
                    m.getContent(),
                    m.getToolCalls().stream().map(c -> c.getCallId()).toList(),
                    m.getToolCallId()))
        .toList();
  }

  @Test
  void theSameSeedTellsTheSameStoryTwice() {
    for (int seed = 0; seed < 20; seed++) {
      String once = new GoldenDriver(seed, new GoldenCoverage()).play(GoldenTranscriptTest.STEPS);
      String twice = new GoldenDriver(seed, new GoldenCoverage()).play(GoldenTranscriptTest.STEPS);
      assertThat(twice).as("seed %d", seed).isEqualTo(once);
    }
  }

  /** The checks, with what they remember of each thread. */
  private static final class Invariants {
    private final int seed;
    private final Map<String, Long> lastSeq = new HashMap<>();
    private final Map<String, Set<String>> announced = new HashMap<>();
    int decisions;

    Invariants(int seed) {
      this.seed = seed;
    }

    void check(GoldenWorld.Decided d) {
      decisions++;
      String where = "seed " + seed + ", thread " + d.threadId() + ", " + d.input();
      Transition t = d.transition();
      Set<String> requested = announced.computeIfAbsent(d.threadId(), k -> new HashSet<>());
      for (Event e : t.outputs(Output.Emit.class).stream().map(Output.Emit::event).toList()) {
        if (e.seq() > 0) {
          long expected = lastSeq.getOrDefault(d.threadId(), 0L) + 1;
          assertThat(e.seq()).as("gap-free seq: %s", where).isEqualTo(expected);
          lastSeq.put(d.threadId(), expected);
        }
        switch (e.payload()) {
          case Event.ModelCallRequested m -> requested.add(m.requestId());
          case Event.ToolCallRequested r -> requested.add(r.requestId());
          default -> {}
        }
      }
      int requests = 0;
      for (Output o : t.outputs()) {
        switch (o) {
          case Output.RequestModel r -> {
            requests++;
            assertThat(requested)
                .as("every request is announced: %s", where)
                .contains(r.requestId());
          }
          case Output.RequestTool r -> {
            requests++;
            assertThat(requested)
                .as("every request is announced: %s", where)
                .contains(r.requestId());
          }
          case Output.RequestSubprompt r -> requests++;
          case Output.RunStoreTool r -> requests++;
          case Output.RequestCompaction r -> requests++;
          default -> {}
        }
      }
      assertThat(requests).as("one request at a time: %s", where).isLessThanOrEqualTo(1);
      if (t.state() != null) {
        assertThat(t.state().awaiting() != null)
            .as("a thread waits for a call exactly while it is busy: %s", where)
            .isEqualTo(t.state().isBusy());
        assertThat(t.state().queue().isEmpty() || !t.state().status().isFinal())
            .as("a finished thread holds no queued work: %s", where)
            .isTrue();
        if (t.state().awaiting() instanceof Awaiting.Child p) {
          assertThat(t.state().children().entries())
              .as("a blocking call waits only for a child that is still running: %s", where)
              .anyMatch(c -> p.requestId().equals(c.waitingRequestId()) && c.active());
        }
      }
    }
  }
}
