package dev.threadline.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What names a store item and how large its value may be, for every writer alike. */
class StoreLimitsTest {
  @Test
  void aNamespaceIsOneToTenLabelsWithoutDotsAndAKeyHasNoControlCharacters() {
    assertThat(StoreLimits.check(List.of("users", "u1"), "prefs")).isNull();
    assertThat(StoreLimits.check(List.of(), "k").field()).isEqualTo("namespace");
    assertThat(StoreLimits.check(java.util.Collections.nCopies(11, "a"), "k").field())
        .isEqualTo("namespace");
    assertThat(StoreLimits.check(List.of("users", "a.b"), "k").field()).isEqualTo("namespace[1]");
    assertThat(StoreLimits.check(List.of("users", ""), "k").field()).isEqualTo("namespace[1]");
    assertThat(StoreLimits.check(List.of("us\u0000ers"), "k").field()).isEqualTo("namespace[0]");
    assertThat(StoreLimits.check(List.of("x".repeat(129)), "k").field()).isEqualTo("namespace[0]");
    assertThat(StoreLimits.check(List.of("users"), "").field()).isEqualTo("key");
    assertThat(StoreLimits.check(List.of("users"), "a\nb").field()).isEqualTo("key");
    assertThat(StoreLimits.check(List.of("users"), "k".repeat(513)).field()).isEqualTo("key");
  }

  /**
   * A first label beginning with {@code __} is Threadline's own (threads a LangGraph client created
   * without a graph are kept there): no API or tool writes, reads or searches under it.
   */
  @Test
  void aNamespaceWhoseFirstLabelBeginsWithTwoUnderscoresIsThreadlinesOwn() {
    assertThat(StoreLimits.check(List.of("__threadline", "threads"), "t1").field())
        .isEqualTo("namespace[0]");
    assertThat(StoreLimits.check(List.of("__x"), "k").reason()).contains("Threadline's own");
    assertThat(StoreLimits.check(List.of("users", "__x"), "k")).as("only the first").isNull();
    assertThat(StoreLimits.checkPrefix(List.of("__threadline")).field()).isEqualTo("prefix[0]");
    assertThat(StoreLimits.checkPrefix(List.of())).isNull();
    assertThat(StoreLimits.checkPrefix(List.of("users", "__x"))).isNull();
    assertThat(StoreLimits.reserved(List.of("__threadline", "threads"))).isTrue();
    assertThat(StoreLimits.reserved(List.of("users"))).isFalse();
    assertThat(StoreLimits.reserved(List.of())).isFalse();
  }

  @Test
  void aNewItemPastTheItemsOrAnyWritePastTheCharactersIsOverTheTenantsQuota() {
    StoreLimits limits =
        StoreLimits.from(
            Map.of(StoreLimits.ITEMS_PER_TENANT, "2", StoreLimits.BYTES_PER_TENANT, "20"));
    assertThat(limits.overQuota(1, 10, "{\"a\":1}", null)).isNull();
    assertThat(limits.overQuota(2, 10, "{\"a\":1}", null)).contains(StoreLimits.ITEMS_PER_TENANT);
    assertThat(limits.overQuota(2, 10, "{\"a\":1}", 7)).as("a replaced item").isNull();
    assertThat(limits.overQuota(1, 15, "{\"a\":\"long\"}", null))
        .contains(StoreLimits.BYTES_PER_TENANT);
    assertThat(limits.overQuota(1, 15, "{\"a\":\"long\"}", 12))
        .as("what it replaces frees")
        .isNull();
  }

  @Test
  void aValuePastTheSettingIsRefusedNamingIt() {
    StoreLimits small = StoreLimits.from(Map.of(StoreLimits.VALUE_BYTES, "10"));
    assertThat(small.checkValue("{\"a\":1}")).isNull();
    assertThat(small.checkValue("{\"a\":\"0123456789\"}").reason())
        .contains(StoreLimits.VALUE_BYTES);
    assertThat(StoreLimits.defaults().itemsPerTenant()).isEqualTo(10_000);
    assertThatThrownBy(() -> StoreLimits.from(Map.of(StoreLimits.ITEMS_PER_TENANT, "0")))
        .hasMessageContaining(StoreLimits.ITEMS_PER_TENANT);
  }
}
