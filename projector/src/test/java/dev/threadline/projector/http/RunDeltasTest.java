package dev.threadline.projector.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.ContentDelta;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunDeltasTest {
  private final RunDeltas deltas = new RunDeltas();

  @Test
  void aDeltaBeforeItsRequestIsHeldUntilTheRequestIsSent() {
    assertThat(deltas.arrived(delta("r1", 0))).isEmpty();
    assertThat(deltas.arrived(delta("other-turn", 0))).isEmpty();

    assertThat(texts(deltas.requested("r1"))).containsExactly("r1#0");
    assertThat(texts(deltas.arrived(delta("r1", 1)))).containsExactly("r1#1");
  }

  @Test
  void aDeltaAfterItsCallsAnswerIsDropped() {
    deltas.requested("r1");
    deltas.answered("r1");

    assertThat(deltas.arrived(delta("r1", 7))).isEmpty();
    assertThat(deltas.requested("r2")).isEmpty();
  }

  @Test
  void aRetrySentUnderTheSameIdStreamsAgain() {
    deltas.requested("r1");
    deltas.answered("r1");
    deltas.requested("r1");

    assertThat(texts(deltas.arrived(delta("r1", 0)))).containsExactly("r1#0");
  }

  @Test
  void heldDeltasAreBoundedOldestDroppedFirst() {
    for (int i = 0; i <= RunDeltas.HELD; i++) {
      deltas.arrived(delta(i == 0 ? "oldest" : "other", i));
    }
    assertThat(deltas.requested("oldest")).isEmpty();
    assertThat(deltas.requested("other")).hasSize(RunDeltas.HELD);
  }

  private static ContentDelta delta(String requestId, int index) {
    return new ContentDelta(
        requestId, "t", 0L, index, requestId + "#" + index, Instant.EPOCH, null);
  }

  private static List<String> texts(List<ContentDelta> sent) {
    List<String> texts = new ArrayList<>();
    sent.forEach(d -> texts.add(d.getText()));
    return texts;
  }
}
