package dev.threadline.topics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A digest is read exactly by a consumer in any language: within ±2^53, where a JavaScript number
 * (the Node Avro decoders' long) holds every integer; and still tells contexts apart.
 */
class ContextDigestTest {
  private static final long JS_SAFE = (1L << 53) - 1;

  @Test
  void aDigestIsAnIntegerAJavaScriptNumberHoldsExactly() {
    Random random = new Random(7);
    Set<Long> seen = new HashSet<>();
    for (int n = 0; n < 10_000; n++) {
      int[] hashes = random.ints(1 + random.nextInt(40)).toArray();
      long digest = ContextDigest.of(hashes, 0, hashes.length);
      assertThat(Math.abs(digest)).isLessThanOrEqualTo(JS_SAFE);
      seen.add(digest);
    }
    assertThat(seen).as("distinct contexts, distinct digests").hasSize(10_000);
  }
}
