package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The chaos checker can fail: what an at-least-once step processor without idempotence would write
 * — an event twice, a turn completed twice, a thread created twice — and what a lost thread or a
 * tool run twice with different outcomes looks like, each makes the verdict red.
 */
class ChaosCheckTest {
  private final ChaosCheck check = new ChaosCheck();

  private void finishedThread(String thread, int steps) {
    long seq = 1;
    check.event(thread, seq++, "ThreadCreated");
    for (int i = 0; i < steps; i++) {
      check.event(thread, seq++, "ModelCallCompleted");
    }
    check.event(thread, seq, "TurnCompleted");
  }

  @Test
  void aRunWhereEveryThreadFinishedOnceIsGreen() {
    finishedThread("a", 3);
    finishedThread("b", 3);

    ChaosCheck.Verdict verdict = check.verdict(List.of("a", "b"), 3);

    assertThat(verdict.ok()).isTrue();
    assertThat(verdict.finished()).isEqualTo(2);
  }

  @Test
  void anEventWrittenTwiceAsAtLeastOnceWouldIsRed() {
    finishedThread("a", 3);
    check.event("a", 3, "ModelCallCompleted"); // replayed without idempotence

    ChaosCheck.Verdict verdict = check.verdict(List.of("a"), 3);

    assertThat(verdict.ok()).isFalse();
    assertThat(verdict.duplicated()).isEqualTo(1);
    assertThat(verdict.problems().getFirst()).contains("4 of 3 model calls").contains("twice");
  }

  @Test
  void aThreadCreatedTwiceOrFinishedTwiceIsRed() {
    finishedThread("a", 1);
    check.event("a", 4, "ThreadCreated");
    check.event("a", 5, "TurnCompleted");

    assertThat(check.verdict(List.of("a"), 1).problems().getFirst())
        .contains("2 ThreadCreated")
        .contains("2 TurnCompleted");
  }

  @Test
  void aLostThreadAndAGapAreRed() {
    check.event("gappy", 1, "ThreadCreated");
    check.event("gappy", 3, "ModelCallCompleted");
    check.event("gappy", 4, "TurnCompleted");

    ChaosCheck.Verdict verdict = check.verdict(List.of("gappy", "lost"), 1);

    assertThat(verdict.lost()).isEqualTo(1);
    assertThat(verdict.problems()).anyMatch(p -> p.contains("seq gap before 3"));
  }

  @Test
  void aToolRunTwiceWithDifferentOutcomesIsRed() {
    finishedThread("a", 1);
    check.toolResult("req-1", "ok:1");
    check.toolResult("req-1", "ok:1");
    check.toolResult("req-2", "ok:2");
    check.toolResult("req-2", "error:timeout");

    assertThat(check.verdict(List.of("a"), 1).problems())
        .singleElement()
        .asString()
        .contains("req-2");
  }
}
