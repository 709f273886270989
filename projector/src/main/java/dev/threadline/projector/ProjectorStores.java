package dev.threadline.projector;

import dev.threadline.avro.TenantUsage;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.RunSummary;
import dev.threadline.avro.store.StatsBucket;
import dev.threadline.avro.store.ThreadSummary;
import dev.threadline.keys.SortableNumbers;
import dev.threadline.topics.SerdeFactory;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The projector's stores, all RocksDB, all partitioned by thread like {@code thread-events}:
 * summaries and stats with compacted changelogs, the timeline restored from {@code thread-events}
 * itself. Summaries and stats are cached: the many updates of one thread's summary or one minute's
 * bucket between two commits reach the changelog as one write.
 *
 * <ul>
 *   <li>{@value #SUMMARIES}: threadId → {@link ThreadSummary}
 *   <li>{@value #TIMELINE}: {@link #timelineKey threadId NUL seq} → {@link LoggedEvent}, the
 *       thread's whole event log in seq order, each event in the bytes it had on the log
 *   <li>{@value #STATS}: {@link dev.threadline.projector.view.Stats#key tenant NUL minute NUL kind
 *       NUL dimension} → {@link StatsBucket}, the last {@code threadline.projector.stats.retention}
 *   <li>{@value #VALUES}: {@link #valueKey threadId NUL key} → the value's JSON: each thread's
 *       key-value store as its {@code ValueChanged} events left it (KV over HTTP reads it)
 *   <li>{@value #ENV}: {@link #valueKey threadId NUL name} → {@code {name, secret, value}}: each
 *       thread's env, secrets by name only
 *   <li>{@value #VARIABLES}: {@link #valueKey threadId NUL requestId} → the variables request as
 *       {@code GET …/variables/{requestId}} answers it: open, then completed with its child
 *   <li>{@value #EDITS}: {@link #editKey threadId NUL messageSeq} → the text a tool gave the
 *       message ({@code MessageUpdated}): the thread's messages read carries it
 *   <li>{@value #BRANCHES}: a thread's latest branch and what each copied message is a copy of
 *       ({@link Branches})
 *   <li>{@value #EFFECTS}: {@link #valueKey threadId NUL effectId} → {@code {effectId, fireAt,
 *       kind}}: the effects each thread holds scheduled
 *   <li>{@value #RUNS}: {@link #valueKey threadId NUL runId} → {@link RunSummary}, each thread's
 *       runs ({@link RunFold}); {@value #OPEN_RUNS}: threadId → the JSON array of the ids of its
 *       runs not yet ended
 *   <li>{@value #TENANT_CRONS}: {@code tenant NUL threadId NUL cronId} → the cron's JSON: each
 *       tenant's recurring effects while scheduled ({@link CronFold})
 *   <li>{@value #TENANT_THREADS}, {@value #TENANT_TAGS} and {@value #TENANT_COUNTS}: the per-tenant
 *       indexes of {@link dev.threadline.projector.view.TenantIndex}, so lists and counts never
 *       scan other tenants; {@value #TENANT_BYTES}: tenant → the bytes of its threads' events in
 *       the task's partition
 *   <li>{@value #TENANT_USAGE}: tenant → its model usage this hour and day in the task's partition,
 *       which {@link TenantUsagePublisher} publishes; {@value #USAGE_TOTALS}: a global copy of what
 *       it published for every partition ({@code tenant/partition} → {@code TenantUsage}), so any
 *       instance answers a tenant's usage whole
 * </ul>
 */
public final class ProjectorStores {
  public static final String SUMMARIES = "thread-summaries";
  public static final String TIMELINE = "thread-timeline";
  public static final String STATS = "thread-stats";
  public static final String TENANT_THREADS = "tenant-threads";
  public static final String TENANT_TAGS = "tenant-thread-tags";
  public static final String STORE_ITEMS = "store-items";
  public static final String TENANT_COUNTS = "tenant-status-counts";
  public static final String TENANT_BYTES = "tenant-stored-bytes";
  public static final String VALUES = "thread-values";
  public static final String EFFECTS = "thread-effects";
  public static final String ENV = "thread-env";
  public static final String VARIABLES = "thread-variables";
  public static final String EDITS = "thread-message-edits";
  public static final String BRANCHES = "thread-branches";
  public static final String RUNS = "thread-runs";
  public static final String OPEN_RUNS = "thread-open-runs";
  public static final String TENANT_CRONS = "tenant-crons";
  public static final String TENANT_USAGE = "tenant-usage";
  public static final String USAGE_TOTALS = "tenant-usage-totals";

  /** One mapper for the values the fold writes (an event at a time, so shared). */
  static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();

  private ProjectorStores() {}

  public static String timelineKey(String threadId, long seq) {
    return threadId + '\u0000' + SortableNumbers.pad(seq);
  }

  /** The key of {@code key} of thread {@code threadId}'s key-value store in {@value #VALUES}. */
  public static String valueKey(String threadId, String key) {
    return threadId + '\u0000' + key;
  }

  /** Past the last {@link #valueKey} of {@code threadId}. */
  public static String valuesEnd(String threadId) {
    return threadId + '\u0001';
  }

  static StoreBuilder<KeyValueStore<String, ThreadSummary>> summaries(SerdeFactory serdes) {
    return avro(SUMMARIES, serdes, ThreadSummary.class);
  }

  /**
   * Values are the events' bytes from {@code eventsTopic}, kept as they were; the store has no
   * changelog of its own but is restored from {@code eventsTopic} ({@link TimelineStore}); {@code
   * events} reads them (opening sealed events, if they are).
   */
  static StoreBuilder<KeyValueStore<String, LoggedEvent>> timeline(
      Deserializer<ThreadEvent> events, String eventsTopic) {
    return Stores.keyValueStoreBuilder(
        TimelineStore.supplier(TIMELINE, eventsTopic, events),
        Serdes.String(),
        LoggedEvent.serde(events));
  }

  static StoreBuilder<KeyValueStore<String, StatsBucket>> stats(SerdeFactory serdes) {
    return avro(STATS, serdes, StatsBucket.class);
  }

  static StoreBuilder<KeyValueStore<String, String>> values() {
    return strings(VALUES);
  }

  static StoreBuilder<KeyValueStore<String, RunSummary>> runs(SerdeFactory serdes) {
    return avro(RUNS, serdes, RunSummary.class);
  }

  static StoreBuilder<KeyValueStore<String, String>> openRuns() {
    return strings(OPEN_RUNS);
  }

  static StoreBuilder<KeyValueStore<String, String>> effects() {
    return strings(EFFECTS);
  }

  static StoreBuilder<KeyValueStore<String, String>> tenantCrons() {
    return strings(TENANT_CRONS);
  }

  static StoreBuilder<KeyValueStore<String, String>> env() {
    return strings(ENV);
  }

  static StoreBuilder<KeyValueStore<String, String>> variables() {
    return strings(VARIABLES);
  }

  static StoreBuilder<KeyValueStore<String, String>> edits() {
    return strings(EDITS);
  }

  static StoreBuilder<KeyValueStore<String, String>> branches() {
    return strings(BRANCHES);
  }

  /** The key of message {@code messageSeq}'s text in {@value #EDITS}. */
  public static String editKey(String threadId, long messageSeq) {
    return valueKey(threadId, String.format("%019d", messageSeq));
  }

  /**
   * A variables request as {@value #VARIABLES} holds it: {@code {requestId, subagent, agent,
   * childName, variables: [{name, type, description}], status: open, requestedAt}}.
   */
  static String variablesRequestJson(
      dev.threadline.avro.SubagentVariablesRequired r, java.time.Instant at) {
    var node =
        JSON.createObjectNode()
            .put("requestId", r.getRequestId())
            .put("subagent", r.getSubagent())
            .put("agent", r.getAgent())
            .put("childName", r.getChildName())
            .put("status", "open")
            .put("requestedAt", at.toString());
    var variables = node.putArray("variables");
    for (var v : r.getVariables()) {
      var variable =
          variables
              .addObject()
              .put("name", v.getName())
              .put("type", v.getSecret() ? "secret" : "text");
      if (v.getDescription() != null) {
        variable.put("description", v.getDescription());
      }
    }
    return node.toString();
  }

  /** {@code request} (a {@link #variablesRequestJson}) completed: its child started. */
  static String variablesProvidedJson(String request, String childThreadId) {
    return variablesRequest(request)
        .put("status", "completed")
        .put("childThreadId", childThreadId)
        .toString();
  }

  /** {@code request} closed with its terminated thread, or null if it is not open. */
  static String variablesClosedJson(String request) {
    var node = variablesRequest(request);
    return node.path("status").asText().equals("open")
        ? node.put("status", "closed").toString()
        : null;
  }

  private static com.fasterxml.jackson.databind.node.ObjectNode variablesRequest(String json) {
    try {
      return (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a variables request this projector wrote", e);
    }
  }

  /** A variable as {@value #ENV} holds it: {@code {name, secret, value}}, no value for a secret. */
  static String envJson(String name, boolean secret, String value) {
    var node = JSON.createObjectNode().put("name", name).put("secret", secret);
    if (!secret && value != null) {
      node.put("value", value);
    }
    return node.toString();
  }

  private static StoreBuilder<KeyValueStore<String, String>> strings(String name) {
    return Stores.keyValueStoreBuilder(
            Stores.persistentKeyValueStore(name), Serdes.String(), Serdes.String())
        .withCachingEnabled();
  }

  /**
   * A scheduled effect as {@value #EFFECTS} holds it: {@code {effectId, fireAt, kind}}, and the
   * {@code cron} and {@code timezone} of one that recurs.
   */
  static String effectJson(dev.threadline.avro.EffectScheduled e) {
    var json =
        JSON.createObjectNode()
            .put("effectId", e.getEffectId())
            .put("fireAt", e.getFireAt().toString())
            .put("kind", e.getKind());
    if (e.getRecurrence() != null) {
      json.put("cron", e.getRecurrence().getCron())
          .put("timezone", e.getRecurrence().getTimezone());
    }
    return json.toString();
  }

  /**
   * Without a changelog: an entry's key is its thread's last activity, so every event the thread
   * has moves it (a delete and a put, two changelog records each time: most of what the projector
   * wrote per step). It is all derived from {@value #SUMMARIES}, and {@link TenantIndexes#rebuild}
   * rebuilds it from them whenever a task starts.
   */
  static StoreBuilder<KeyValueStore<String, String>> tenantThreads() {
    return derivedIndex(TENANT_THREADS);
  }

  /**
   * Every tenant's store items, a global store on disk restored from {@code store-items} itself
   * (its own changelog): each instance answers any tenant's store reads alone.
   */
  static StoreBuilder<KeyValueStore<String, dev.threadline.avro.StoreItem>> storeItems(
      dev.threadline.topics.Topics topics) {
    return Stores.keyValueStoreBuilder(
            Stores.persistentKeyValueStore(STORE_ITEMS),
            Serdes.String(),
            topics.storeItems().valueSerde())
        .withLoggingDisabled();
  }

  /** Like {@value #TENANT_THREADS}, which it moves with: an entry a metadata entry per thread. */
  static StoreBuilder<KeyValueStore<String, String>> tenantTags() {
    return derivedIndex(TENANT_TAGS);
  }

  private static StoreBuilder<KeyValueStore<String, String>> derivedIndex(String name) {
    return Stores.keyValueStoreBuilder(
            Stores.persistentKeyValueStore(name), Serdes.String(), Serdes.String())
        .withCachingEnabled()
        .withLoggingDisabled();
  }

  /**
   * In memory, without a changelog: every event adds to its tenant's bytes, and a logged entry
   * would cost a record per event. {@link TenantIndexes#rebuild} sums the summaries' bytes into it
   * whenever a task starts.
   */
  static StoreBuilder<KeyValueStore<String, Long>> tenantBytes() {
    return Stores.keyValueStoreBuilder(
            Stores.inMemoryKeyValueStore(TENANT_BYTES), Serdes.String(), Serdes.Long())
        .withLoggingDisabled();
  }

  static StoreBuilder<KeyValueStore<String, Long>> tenantCounts() {
    return Stores.keyValueStoreBuilder(
            Stores.persistentKeyValueStore(TENANT_COUNTS), Serdes.String(), Serdes.Long())
        .withCachingEnabled();
  }

  /** tenant → what its model calls used this hour and day in the task's partition. */
  static StoreBuilder<KeyValueStore<String, TenantUsage>> tenantUsage(SerdeFactory serdes) {
    return avro(TENANT_USAGE, serdes, TenantUsage.class);
  }

  /** A cached persistent store of Avro records by string key. */
  private static <V extends SpecificRecord> StoreBuilder<KeyValueStore<String, V>> avro(
      String name, SerdeFactory serdes, Class<V> type) {
    return Stores.keyValueStoreBuilder(
            Stores.persistentKeyValueStore(name), Serdes.String(), serdes.valueSerde(type))
        .withCachingEnabled();
  }
}
