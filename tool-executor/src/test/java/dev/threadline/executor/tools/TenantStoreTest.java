package dev.threadline.executor.tools;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.store.StoreLimits;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a tool may not do with its tenant's store, refused before anything is read or written: a
 * read-only tool writes nothing, and a name or value the store API would refuse is refused here.
 */
class TenantStoreTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<String> written = new ArrayList<>();
  private final TenantStores stores =
      new TenantStores.Access("http://127.0.0.1:1", "token", StoreLimits.defaults())
          .writingTo((key, item) -> written.add(key), Clock.systemUTC());

  @Test
  void aReadOnlyToolWritesNothingToItsTenantsStore() {
    TenantStore store = stores.store("acme", true);
    assertThatThrownBy(() -> store.put(List.of("notes"), "k", JSON.createObjectNode().put("a", 1)))
        .hasMessageContaining("read-only tool");
    assertThatThrownBy(() -> store.delete(List.of("notes"), "k")).hasMessageContaining("read-only");
    org.assertj.core.api.Assertions.assertThat(written).isEmpty();
  }

  @Test
  void aNameOrValueTheStoreApiRefusesIsRefusedToATool() {
    TenantStore store = stores.store("acme", false);
    assertThatThrownBy(() -> store.put(List.of("a.b"), "k", JSON.createObjectNode()))
        .hasMessageContaining("namespace[0]");
    assertThatThrownBy(() -> store.put(List.of("notes"), "", JSON.createObjectNode()))
        .hasMessageContaining("key");
    assertThatThrownBy(() -> store.put(List.of("notes"), "k", JSON.getNodeFactory().textNode("x")))
        .hasMessageContaining("JSON object");
    assertThatThrownBy(() -> store.search(List.of("notes"), JSON.createArrayNode(), 5))
        .hasMessageContaining("filter");
    assertThatThrownBy(() -> store.get(List.of("__threadline", "threads"), "t1"))
        .hasMessageContaining("Threadline's own");
    assertThatThrownBy(() -> store.search(List.of("__threadline"), null, 5))
        .hasMessageContaining("Threadline's own");
    org.assertj.core.api.Assertions.assertThat(written).isEmpty();
  }

  @Test
  void withoutAProjectorATenantsStoreSaysWhatToSet() {
    TenantStore store =
        new TenantStores.Access(null, null, StoreLimits.defaults())
            .writingTo((key, item) -> {}, Clock.systemUTC())
            .store("acme", false);
    assertThatThrownBy(() -> store.get(List.of("notes"), "k"))
        .hasMessageContaining("threadline.projector.url");
  }
}
