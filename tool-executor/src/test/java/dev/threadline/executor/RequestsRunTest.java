package dev.threadline.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What a copy of a request gets: run once, skipped while it runs, answered again after. */
class RequestsRunTest {

  @Test
  void aRequestIsRunOnceAndACopyWhileItRunsIsSkipped() {
    RequestsRun run = new RequestsRun(1_000);

    assertThat(run.offer("tool", "r-1", "t")).isInstanceOf(RequestsRun.Offer.Run.class);
    assertThat(run.offer("tool", "r-1", "t")).isInstanceOf(RequestsRun.Offer.Skip.class);
  }

  @Test
  void aCopyOfAnAnsweredRequestGetsItsAnswerAgain() {
    RequestsRun run = new RequestsRun(1_000);
    run.offer("tool", "r-1", "t");

    run.answered("r-1", new byte[] {1, 2, 3});

    assertThat(run.offer("tool", "r-1", "t"))
        .isInstanceOfSatisfying(
            RequestsRun.Offer.Again.class, a -> assertThat(a.result()).containsExactly(1, 2, 3));
  }

  @Test
  void anAnswerOfARequestNeverOfferedIsNotKept() {
    RequestsRun run = new RequestsRun(1_000);

    run.answered("r-1", new byte[] {1});

    assertThat(run.offer("tool", "r-1", "t")).isInstanceOf(RequestsRun.Offer.Run.class);
  }

  @Test
  void theOldestAnswersGoFirstWhenTheyPassTheBytesKeptAndTheirCopiesRunAgain() {
    RequestsRun run = new RequestsRun(10);
    for (String id : new String[] {"r-1", "r-2", "r-3"}) {
      run.offer("tool", id, "t");
      run.answered(id, new byte[4]);
    }

    // Skipping it would leave the thread that asked again without an answer, for good.
    assertThat(run.offer("tool", "r-1", "t")).isInstanceOf(RequestsRun.Offer.Run.class);
    assertThat(run.offer("tool", "r-1", "t")).isInstanceOf(RequestsRun.Offer.Skip.class);
    assertThat(run.offer("tool", "r-2", "t")).isInstanceOf(RequestsRun.Offer.Again.class);
    assertThat(run.offer("tool", "r-3", "t")).isInstanceOf(RequestsRun.Offer.Again.class);
    assertThat(run.keptBytes()).isEqualTo(8);
  }

  @Test
  void aCopyOfARequestWhoseRunEndedWithoutAnAnswerRunsIt() {
    RequestsRun run = new RequestsRun(1_000);
    run.offer("tool", "r-1", "t");

    assertThatThrownBy(
            () ->
                run.publish(
                    "r-1",
                    () -> {
                      throw new IllegalStateException("the broker is gone");
                    }))
        .hasMessage("the broker is gone");

    assertThat(run.offer("tool", "r-1", "t")).isInstanceOf(RequestsRun.Offer.Run.class);
  }

  @Test
  void anAnswerTooLargeToKeepLetsACopyRunAgain() {
    RequestsRun run = new RequestsRun(2);
    run.offer("tool", "r-1", "t");

    run.answered("r-1", new byte[3]);

    assertThat(run.offer("tool", "r-1", "t")).isInstanceOf(RequestsRun.Offer.Run.class);
  }
}
