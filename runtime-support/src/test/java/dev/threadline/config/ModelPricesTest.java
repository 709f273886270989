package dev.threadline.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A call's cost: cached input at the cache's prices, the rest at the input price. */
class ModelPricesTest {
  private static final String P = "threadline.model.profile.claude-x.price.";

  @Test
  void cachedInputIsPricedAsTheOperatorPricesTheCache() {
    var price =
        new ModelProfiles(
                Map.of(
                    P + "input", "3",
                    P + "output", "15",
                    P + "cache.read", "0.3",
                    P + "cache.write", "3.75"))
            .price("claude-x")
            .orElseThrow();

    // 1,000,000 input tokens: 600,000 read from the cache, 100,000 written to it.
    assertThat(price.of(1_000_000, 0, 600_000, 100_000))
        .isCloseTo(
            300_000 * 3e-6 + 600_000 * 0.3e-6 + 100_000 * 3.75e-6,
            org.assertj.core.data.Offset.offset(1e-9));
    assertThat(price.of(1_000_000, 1_000_000))
        .isCloseTo(18, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void anUnpricedCacheCostsWhatInputCosts() {
    var price =
        new ModelProfiles(Map.of(P + "input", "3", P + "output", "15"))
            .price("claude-x")
            .orElseThrow();

    assertThat(price.of(1_000_000, 0, 600_000, 100_000))
        .isCloseTo(3, org.assertj.core.data.Offset.offset(1e-9));
  }
}
