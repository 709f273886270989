package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EncodeBuffersTest {
  private final EncodeBuffers buffers = new EncodeBuffers();

  @Test
  void theBufferGivenBackLastIsTakenFirst() {
    EncodeBuffers.Buffer older = buffers.take();
    EncodeBuffers.Buffer newer = buffers.take();
    buffers.give(older);
    buffers.give(newer);

    assertThat(buffers.take()).isSameAs(newer);
    assertThat(buffers.take()).isSameAs(older);
  }

  @Test
  void atMostKeptIdleBuffersAreKept() {
    List<EncodeBuffers.Buffer> given = new ArrayList<>();
    for (int i = 0; i <= EncodeBuffers.KEPT; i++) {
      given.add(buffers.take());
    }
    given.forEach(buffers::give);

    List<EncodeBuffers.Buffer> taken = new ArrayList<>();
    for (int i = 0; i <= EncodeBuffers.KEPT; i++) {
      taken.add(buffers.take());
    }

    assertThat(taken.subList(0, EncodeBuffers.KEPT))
        .containsExactlyElementsOf(given.subList(0, EncodeBuffers.KEPT).reversed());
    assertThat(given).doesNotContain(taken.get(EncodeBuffers.KEPT));
  }
}
