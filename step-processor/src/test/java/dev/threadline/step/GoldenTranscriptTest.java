package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.core.Event;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.Output;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The behaviour lock: 200 seeds × 300 random inputs through the state machine and a shell in
 * miniature ({@link GoldenWorld}), every event, state, request, stored value and command hashed in
 * its Avro bytes, one digest per seed, compared with the digests committed in {@code
 * src/test/resources/golden-transcripts.txt}.
 *
 * <p>A refactoring must not move a digest. A change of behaviour moves some on purpose: rewrite the
 * file with {@code ./mvnw -pl step-processor test -Dtest=GoldenTranscriptTest -Dgolden.update=true}
 * and commit it with the change, saying which rule moved them.
 */
class GoldenTranscriptTest {
  static final int SEEDS = 200;
  static final int STEPS = 300;
  private static final Path GOLDEN = Path.of("src/test/resources/golden-transcripts.txt");

  /**
   * With {@code -Dgolden.trace=SEED}, every record that seed hashes is also written here as text:
   * diff it against the trace of the last commit to find the first byte a change moved.
   */
  private static final Path TRACE = Path.of("target/golden-trace.txt");

  private static final GoldenCoverage coverage = new GoldenCoverage();
  private static final List<String> digests = new ArrayList<>();

  @BeforeAll
  static void play() throws IOException {
    for (int seed = 0; seed < SEEDS; seed++) {
      GoldenDriver driver = new GoldenDriver(seed, coverage);
      if (seed != Integer.getInteger("golden.trace", -1)) {
        digests.add(driver.play(STEPS));
        continue;
      }
      try (PrintWriter trace = new PrintWriter(Files.newBufferedWriter(TRACE))) {
        driver.world().trace(trace);
        digests.add(driver.play(STEPS));
      }
    }
  }

  @Test
  void everySeedDecidesByteForByteAsTheCommittedTranscripts() throws IOException {
    if (Boolean.getBoolean("golden.update")) {
      List<String> lines = new ArrayList<>();
      lines.add("# seed sha-256 of the transcript (GoldenTranscriptTest; " + STEPS + " inputs)");
      for (int seed = 0; seed < SEEDS; seed++) {
        lines.add(seed + " " + digests.get(seed));
      }
      Files.write(GOLDEN, lines);
    }
    List<String> expected =
        Files.readAllLines(GOLDEN).stream().filter(l -> !l.startsWith("#")).toList();
    List<Integer> moved = new ArrayList<>();
    for (int seed = 0; seed < SEEDS; seed++) {
      if (seed >= expected.size() || !expected.get(seed).equals(seed + " " + digests.get(seed))) {
        moved.add(seed);
      }
    }
    assertThat(moved).as("seeds whose transcript changed (a refactoring must move none)").isEmpty();
  }

  @Test
  void theTranscriptsExerciseEveryInputOutputAndEventType() {
    assertThat(coverage.inputs).isEqualTo(GoldenCoverage.concrete(Input.class));
    assertThat(coverage.outputs).isEqualTo(GoldenCoverage.concrete(Output.class));
    assertThat(coverage.events).isEqualTo(GoldenCoverage.concrete(Event.Payload.class));
  }

  @Test
  void theTranscriptsEndTurnsForEveryReason() {
    assertThat(coverage.turnEnds)
        .contains(
            "response",
            "stop_tool",
            "session_stop",
            "session_fail",
            "max_steps",
            "hard_cap",
            "aborted",
            "terminated",
            "model_error",
            "model_error_retries_exhausted",
            "context_full");
    assertThat(coverage.turnEnds).doesNotContain("model_timeout");
  }

  @Test
  void theTranscriptsStartTurnsQueueWorkAndHearFromChildrenInEveryWay() {
    assertThat(coverage.triggers)
        .contains("message", "queued_message", "queued_tool", "effect", "subagent", "queued");
    assertThat(coverage.queuedKinds)
        .contains("message", "steer", "tool", "chore_coalesced", "will_replaced");
    assertThat(coverage.childUpdates)
        .contains("status", "completed", "failed", "terminated", "notify");
  }

  @Test
  void theTranscriptsRefuseCommandsAndToolCallsForEveryKindOfReason() {
    assertThat(coverage.rejections)
        .contains(
            "unknown thread",
            "thread already exists",
            "thread id is",
            "invalid thread id",
            "unknown agent ghost",
            "invalid message origin",
            "invalid message text",
            "queue is full",
            "no turn in",
            "thread is busy",
            "nothing to compact",
            "no scheduled effect",
            "effect id must",
            "no tool call",
            "no child thread",
            "tool name is",
            "arguments of tool",
            "Rewind is not",
            "thread is terminated",
            "thread reached maxSessionTurns",
            "subagent completed before");
    assertThat(coverage.toolErrors)
        .contains(
            "unknown tool nope",
            "permission denied tool",
            "denied by the",
            "sessionStatus needs a",
            "invalid_arguments key",
            "field task is",
            "field message is",
            "arguments of researcher",
            "no resumable subagent",
            "a subagent named",
            "subagent_create needs a",
            "subagent worker already",
            "cannot start subagent",
            "the tool s");
    assertThat(coverage.modelErrors)
        .contains(
            "bad_request",
            "rate_limited",
            "context_full",
            "output_too_large",
            "too_many_tool_calls");
    assertThat(coverage.limitsHit)
        .contains(
            "message.bytes",
            "queue.items",
            "model.output.bytes",
            "tool.calls.per.reply",
            "tool.result.bytes",
            "subagent.depth",
            "subagents.per.root",
            "subagent.spawns.per.turn");
  }

  @Test
  void differentSeedsTellDifferentStories() {
    assertThat(digests).doesNotHaveDuplicates();
  }
}
