package dev.threadline.ingest.langgraph;

import static dev.threadline.ingest.langgraph.LangChainMessages.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.StoreItem;
import dev.threadline.config.MetadataLimits;
import dev.threadline.ingest.Problem;
import dev.threadline.ingest.kafka.CommandLog;
import dev.threadline.ingest.reads.ProjectorJson;
import dev.threadline.store.StoreLimits;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * LangGraph threads created without a graph. A LangGraph thread exists before its first run, a
 * Threadline thread only with its agent; until a run names one, the thread is a declaration in its
 * tenant's store under Threadline's own namespace ({@code __threadline.threads}, which no API or
 * tool names and no listing shows): its metadata as a thread keeps it (text by name), and when it
 * was made. Reads show it as an idle thread without messages, a search lists it, {@code
 * threads.update} changes its metadata, a delete forgets it, and its first run creates the thread
 * with that metadata and then forgets it. A declaration counts in the tenant's store like any item,
 * so the store's quota bounds how many a tenant keeps.
 */
record DeclaredThreads(StoreItems items) {
  static DeclaredThreads of(
      CommandLog log, ProjectorJson projector, StoreLimits limits, String tenant) {
    return new DeclaredThreads(new StoreItems(log, projector, limits, tenant, Clock.systemUTC()));
  }

  static final List<String> NAMESPACE = StoreLimits.DECLARED_THREADS;

  /** The most declarations a search merges with the tenant's threads. */
  static final int SEARCHED = 1000;

  /** Declares {@code threadId} with {@code metadata} (a JSON object, or nothing). */
  void declare(String threadId, JsonNode metadata) {
    ObjectNode kept = text(metadata);
    fits(kept);
    items.store(
        NAMESPACE,
        threadId,
        kept.toString(),
        null,
        "a thread created without a graph waits in the tenant's store until its first run: ");
  }

  /** The declared thread as LangGraph shows it, or null when {@code threadId} is not declared. */
  ObjectNode find(String threadId) {
    StoreItem item = items.read(NAMESPACE, threadId);
    return item == null ? null : view(StoreItems.json(item));
  }

  /** The declared thread's metadata, or null when {@code threadId} is not declared. */
  Map<String, String> metadata(String threadId) {
    ObjectNode found = find(threadId);
    return found == null ? null : RunStarts.metadata(found.path("metadata"));
  }

  /** Sets or (null) removes entries of a declared thread's metadata; answers the thread. */
  ObjectNode update(String threadId, Map<String, String> changes) {
    StoreItem item = items.read(NAMESPACE, threadId);
    if (item == null) {
      return null;
    }
    ObjectNode metadata = (ObjectNode) StoreItems.json(item).path("value");
    changes.forEach(
        (k, v) -> {
          if (v == null) {
            metadata.remove(k);
          } else {
            metadata.put(k, v);
          }
        });
    fits(metadata);
    items.store(NAMESPACE, threadId, metadata.toString(), null, "");
    return find(threadId);
  }

  /** Forgets the declaration of {@code threadId}, if any, once its first run created it. */
  void forget(String threadId) {
    items.forget(NAMESPACE, threadId);
  }

  /** Deletes the declaration of {@code threadId}, if any: answered once no read shows it. */
  void delete(String threadId) {
    items.remove(NAMESPACE, threadId);
  }

  /**
   * The declared threads whose metadata has every entry of {@code metadata} (compared as text, as a
   * thread's are), at most {@value #SEARCHED}.
   */
  List<ObjectNode> matching(JsonNode metadata) {
    List<ObjectNode> threads = new ArrayList<>();
    items
        .projector()
        .storeItems(NAMESPACE, text(metadata), SEARCHED)
        .forEach(item -> threads.add(view(item)));
    return threads;
  }

  /** A declaration, an item in LangGraph's store shape, as LangGraph's thread. */
  private static ObjectNode view(JsonNode item) {
    return ThreadViews.idle(
        item.path("key").asText(),
        item.path("created_at").asText(),
        item.path("updated_at").asText(),
        item.path("value"));
  }

  /** Metadata as a thread keeps it: each entry's text (other values than text as their JSON). */
  private static ObjectNode text(JsonNode metadata) {
    ObjectNode kept = JSON.createObjectNode();
    RunStarts.metadata(metadata).forEach(kept::put);
    return kept;
  }

  /**
   * {@code metadata} is what a thread may keep, and fits a store value; else a 422 naming the
   * metadata — its first run would be refused what its declaration took.
   */
  private void fits(ObjectNode metadata) {
    // No metadata is no change: the limits' own refusal of one is not for a declaration.
    String refusal =
        metadata.isEmpty() ? null : MetadataLimits.refusal(RunStarts.metadata(metadata));
    var tooLarge = items.limits().checkValue(metadata.toString());
    if (refusal != null || tooLarge != null) {
      throw Problem.invalid("metadata", refusal != null ? refusal : tooLarge.reason());
    }
  }
}
