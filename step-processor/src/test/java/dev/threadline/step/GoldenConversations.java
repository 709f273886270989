package dev.threadline.step;

import dev.threadline.avro.ModelRequest;
import java.util.function.Consumer;

/**
 * Every model request the golden transcripts make — parents and children, subprompts, dual_ai
 * sides, handoffs, approvals, compaction, aborts, stale and duplicate results — for checks outside
 * this module: a model provider holds each to its API's rules.
 */
public final class GoldenConversations {
  private GoldenConversations() {}

  /** Plays {@code seeds} golden transcripts, handing each model request to {@code observer}. */
  public static void forEach(int seeds, Consumer<ModelRequest> observer) {
    for (int seed = 0; seed < seeds; seed++) {
      GoldenDriver driver = new GoldenDriver(seed, new GoldenCoverage());
      driver.world().observeRequests(observer);
      driver.play(GoldenTranscriptTest.STEPS);
    }
  }
}
