package dev.threadline.projector.http;

import dev.threadline.avro.store.ThreadSummary;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Which of a tenant's threads a list or search wants: statuses (none: any) and agents (none: any),
 * metadata entries a thread must all have (its summary's kept entries, values as text), newest
 * first unless {@code ascending}, and how many from the first: the page's offset and limit
 * together.
 */
record ThreadQuery(
    Set<String> statuses,
    Set<String> agents,
    Map<String, String> metadata,
    boolean ascending,
    int count) {
  ThreadQuery {
    statuses = Set.copyOf(statuses);
    agents = Set.copyOf(agents);
    metadata = Map.copyOf(metadata);
  }

  /**
   * Whether the thread has every metadata entry asked; {@code summary} is read only when there is
   * more than one to check (the index it was found in already holds the first).
   */
  boolean hasMetadataOf(Supplier<ThreadSummary> summary) {
    if (metadata.size() < 2) {
      return true;
    }
    ThreadSummary s = summary.get();
    return s != null
        && metadata.entrySet().stream()
            .allMatch(e -> e.getValue().equals(s.getMetadata().get(e.getKey())));
  }
}
