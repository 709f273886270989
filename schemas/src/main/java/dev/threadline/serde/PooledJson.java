package dev.threadline.serde;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.UncheckedIOException;

/**
 * A Jackson mapper for code that runs on virtual threads. Jackson keeps the buffers a parser or
 * generator works in per thread by default; a virtual thread lives for one request, so each
 * document parsed or written there allocated fresh ones (8 KB and more: in the executor a third of
 * all it allocated, and so a third of its young collections). This mapper takes them from a pool
 * shared by all threads, which keeps at most {@link #KEPT} idle sets. {@link JsonNode#toString()}
 * writes with Jackson's own internal mapper, so code on such threads writes a node with {@link
 * #text} instead.
 */
public final class PooledJson {
  static final int KEPT = 16;

  public static final ObjectMapper MAPPER =
      JsonMapper.builder(
              JsonFactory.builder().recyclerPool(JsonRecyclerPools.newBoundedPool(KEPT)).build())
          .build();

  private PooledJson() {}

  /** {@code node} as compact JSON text, as {@link JsonNode#toString()} writes it. */
  public static String text(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      // A tree holds only what JSON can say: writing one to a string has nothing to fail on.
      throw new UncheckedIOException(e);
    }
  }
}
