package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class PooledJsonTest {

  /**
   * Jackson keeps its parse and write buffers per thread by default: a virtual thread, new for
   * every request, got new ones for every document (a third of the executor's allocation).
   */
  @Test
  void aVirtualThreadReusesTheBuffersAnEarlierOneReleased() throws Exception {
    PooledJson.MAPPER.getFactory()._getRecyclerPool().clear(); // whatever other tests left idle
    BufferRecycler first =
        onAVirtualThread(
            () -> {
              BufferRecycler recycler = PooledJson.MAPPER.getFactory()._getBufferRecycler();
              recycler.releaseToPool();
              return recycler;
            });
    BufferRecycler second =
        onAVirtualThread(() -> PooledJson.MAPPER.getFactory()._getBufferRecycler());

    assertThat(second).isSameAs(first);
  }

  @Test
  void aNodeIsWrittenAsItsCompactText() throws Exception {
    JsonNode node = PooledJson.MAPPER.readTree("{ \"a\": [1, \"two\"], \"b\": null }");

    assertThat(PooledJson.text(node)).isEqualTo("{\"a\":[1,\"two\"],\"b\":null}");
    assertThat(PooledJson.text(node)).isEqualTo(node.toString());
  }

  private static <T> T onAVirtualThread(Callable<T> task) throws Exception {
    try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
      return executor.submit(task).get();
    }
  }
}
