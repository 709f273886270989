package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * A tool's view of its tenant's store: memory that outlives the thread — what one thread learns, a
 * later one reads (LangGraph's store; the same items the store API serves). Items are JSON objects
 * under a namespace (a path of labels, say {@code ["users", userId, "memories"]}) and a key. A
 * write is durable when it returns and applies whatever becomes of the call (it is not one of the
 * thread's writes, which apply with the result); a read sees it once the projector has it. A tool
 * declared read-only may not write: it may run before the decision that called it commits.
 */
public interface TenantStore {
  /** The value of the item, if the tenant's store holds it. */
  Optional<JsonNode> get(List<String> namespace, String key);

  /**
   * Writes the item ({@code value} a JSON object), held to the store's limits: a namespace of 1 to
   * 10 labels without dots, a value within {@code threadline.store.value.bytes}, and no new item
   * past {@code threadline.store.items.per.tenant}.
   */
  void put(List<String> namespace, String key, JsonNode value);

  void delete(List<String> namespace, String key);

  /**
   * Up to {@code limit} items under {@code namespacePrefix} whose values match {@code filter}
   * (null: any; as the store API's), as {@code {namespace, key, value, created_at, updated_at}}.
   */
  List<JsonNode> search(List<String> namespacePrefix, JsonNode filter, int limit);

  /** No store: the executor was not told where the projector is. */
  TenantStore NONE =
      new TenantStore() {
        private IllegalStateException missing() {
          return new IllegalStateException(
              "no store here: the executor needs threadline.projector.url and"
                  + " threadline.internal.token");
        }

        @Override
        public Optional<JsonNode> get(List<String> namespace, String key) {
          throw missing();
        }

        @Override
        public void put(List<String> namespace, String key, JsonNode value) {
          throw missing();
        }

        @Override
        public void delete(List<String> namespace, String key) {
          throw missing();
        }

        @Override
        public List<JsonNode> search(List<String> namespacePrefix, JsonNode filter, int limit) {
          throw missing();
        }
      };
}
