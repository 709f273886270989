package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.step.CommitPacer.Sent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When the step processor asks for a commit before its interval: only when something waits on it,
 * and never more often than the cadence it committed at before requests stopped waiting for it.
 */
class CommitPacerTest {
  private final CommitPacer pacer = new CommitPacer(0);

  @Test
  void aRequestAnsweredWithinThePatienceAsksForNoCommit() {
    pacer.decided(null, List.of(model("m1")), false, 100);
    pacer.decided("m1", List.of(tool("t1")), false, 104);
    pacer.decided("t1", List.of(model("m2")), false, 108);
    assertThat(pacer.commitDue(110)).isFalse();
    pacer.decided("m2", List.of(), false, 112);
    assertThat(pacer.commitDue(115)).isFalse();
  }

  @Test
  void aRequestStillUnansweredAfterThePatienceAsksForACommit() {
    // A tool with side effects runs only once its decision committed: it waits for this commit.
    pacer.decided(null, List.of(tool("t1")), false, 100);
    assertThat(pacer.commitDue(100 + CommitPacer.PATIENCE_MS - 1)).isFalse();
    assertThat(pacer.commitDue(100 + CommitPacer.PATIENCE_MS)).isTrue();
    assertThat(pacer.commitDue(100 + CommitPacer.PATIENCE_MS + 5))
        .as("asked once: the commit covers it")
        .isFalse();
  }

  @Test
  void aDecisionThatLeavesTheThreadWaitingOnOthersAsksForACommitAtOnce() {
    // A turn's end, an approval asked for: someone outside reads it once it has committed.
    pacer.decided("m9", List.of(), true, 200);
    assertThat(pacer.commitDue(200)).isTrue();
  }

  @Test
  void earlyCommitsAreNeverCloserThanTheMinimumGap() {
    pacer.decided(null, List.of(), true, 100);
    assertThat(pacer.commitDue(100)).isTrue();
    pacer.decided(null, List.of(), true, 105);
    assertThat(pacer.commitDue(105)).isFalse();
    assertThat(pacer.commitDue(100 + CommitPacer.MIN_GAP_MS - 1)).isFalse();
    assertThat(pacer.commitDue(100 + CommitPacer.MIN_GAP_MS))
        .as("still wanted once the gap has passed")
        .isTrue();
  }

  @Test
  void underLoadItCommitsAtTheMinimumGapAndRemembersOnlyWhatCameSince() {
    long now = 1_000;
    int commits = 0;
    for (int i = 0; i < 1_000; i++, now++) {
      pacer.decided(
          null, List.of(model("r" + i)), false, now); // answers take seconds: a real model
      if (pacer.commitDue(now)) {
        commits++;
      }
      assertThat(pacer.waiting()).isLessThanOrEqualTo((int) CommitPacer.MIN_GAP_MS + 1);
    }
    assertThat(commits)
        .isBetween(
            1_000 / (int) CommitPacer.MIN_GAP_MS - 1, 1_000 / (int) CommitPacer.MIN_GAP_MS + 1);
  }

  @Test
  void requestsOfAKindTheExecutorReadsBeforeTheirCommitAskForNoCommit() {
    // A model call takes seconds; the executor answered the last one before its commit, so this
    // one does not wait for the commit either.
    pacer.answered(CommitPacer.MODEL, true);
    pacer.decided(null, List.of(model("m1")), false, 100);
    assertThat(pacer.commitDue(100 + 10 * CommitPacer.PATIENCE_MS)).isFalse();
    assertThat(pacer.waiting()).isZero();
  }

  @Test
  void aToolTheExecutorRunsOnlyOnceCommittedIsWaitedOnWhateverOtherKindsDo() {
    pacer.answered(CommitPacer.MODEL, true);
    pacer.answered(CommitPacer.tool("lookup"), true);
    pacer.answered(CommitPacer.tool("send_mail"), false);
    pacer.decided(null, List.of(new Sent("c1", CommitPacer.tool("send_mail"))), false, 100);
    assertThat(pacer.commitDue(100 + CommitPacer.PATIENCE_MS)).isTrue();
  }

  @Test
  void aKindAnsweredAfterItsCommitIsWaitedOnAgain() {
    // The executor restarted with speculation off: its answers now follow the commits.
    pacer.answered(CommitPacer.MODEL, true);
    pacer.answered(CommitPacer.MODEL, false);
    pacer.decided(null, List.of(model("m1")), false, 100);
    assertThat(pacer.commitDue(100 + CommitPacer.PATIENCE_MS)).isTrue();
  }

  @Test
  void itLearnsAboutABoundedNumberOfKinds() {
    for (int i = 0; i < CommitPacer.MAX_KINDS; i++) {
      pacer.answered(CommitPacer.tool("t" + i), true);
    }
    pacer.answered(CommitPacer.tool("one-too-many"), true);
    pacer.decided(null, List.of(new Sent("c1", CommitPacer.tool("one-too-many"))), false, 100);
    assertThat(pacer.commitDue(100 + CommitPacer.PATIENCE_MS))
        .as("a kind it could not learn is waited on, as before")
        .isTrue();
  }

  private static Sent model(String requestId) {
    return new Sent(requestId, CommitPacer.MODEL);
  }

  private static Sent tool(String requestId) {
    return new Sent(requestId, CommitPacer.tool("send_mail"));
  }
}
