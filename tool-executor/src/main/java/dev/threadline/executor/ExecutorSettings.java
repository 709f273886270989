package dev.threadline.executor;

import dev.threadline.avro.ThreadGroup;
import dev.threadline.config.Limits;
import dev.threadline.config.ModelProfiles;
import dev.threadline.config.SecretBox;
import dev.threadline.config.SettingValues;
import dev.threadline.executor.consume.PollPacing;
import dev.threadline.executor.tools.TenantStores;
import dev.threadline.executor.tools.ThreadReaders;
import dev.threadline.files.ThreadFileStores;
import dev.threadline.files.ThreadFiles;
import dev.threadline.store.StoreLimits;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Settings of a tool-executor instance.
 *
 * @param modelBudgets in-flight model requests per lane (chat largest, will smallest)
 * @param toolBudgets in-flight tool requests per lane ({@code
 *     threadline.executor.budget.tools.<group>}: chat 32, task 16, chore 4, will 2; chat's default
 *     is {@code threadline.executor.budget.tools}, the one budget there was before the lanes)
 * @param commitInterval how often each consumer commits the offsets of finished requests ({@code
 *     threadline.executor.commit.interval.ms}, default 100): a crash repeats at most what finished
 *     since the last commit (the step processor ignores the duplicate results)
 * @param fetchMaxWait how long the broker may hold a consumer's fetch when it has nothing new
 *     ({@code threadline.executor.fetch.max.wait.ms}, default 100). A parked fetch is usually
 *     answered as soon as a request is committed, so this mostly bounds how often an idle consumer
 *     asks (docs/benchmarks.md)
 * @param producerLinger how long results may wait to be sent together ({@code
 *     threadline.executor.producer.linger.ms}, default 0: results are on the critical path)
 * @param contextCacheBytes how many bytes (approximately) of recently served threads' contexts to
 *     keep, so that a model request can carry only what is new since the thread's previous one
 *     ({@code threadline.executor.context.cache.bytes}, default a quarter of the heap, at least 64
 *     MiB; see {@link dev.threadline.topics.ModelContexts})
 * @param tenantShare the part of each lane's budget one tenant may hold at once ({@code
 *     threadline.executor.tenant.share}, default 0.5, at least one request)
 * @param limits the sizes results are held to ({@code threadline.limits.*})
 * @param instanceId {@code threadline.executor.instance.id}: static group membership — an instance
 *     restarted with the same id takes its lanes' partitions back at once (null: dynamic)
 * @param sessionTimeout how long a member that stopped heartbeating keeps its partitions ({@code
 *     threadline.executor.session.timeout.ms}, 15 s)
 * @param threadReaders where tools' ThreadState reads go: the projector at {@code
 *     threadline.projector.url}, with {@code threadline.internal.token} (or {@code
 *     THREADLINE_INTERNAL_TOKEN}); kept as readers so the token is in no {@code toString}
 * @param secrets opens the secrets of tools' env ({@code threadline.secrets.key} / {@code
 *     THREADLINE_SECRETS_KEY}); empty: a tool reading a secret fails saying so
 * @param files the threads' files folder shared with the ingest and step processor ({@code
 *     threadline.blobs.dir}): images for models, files tools write
 * @param profiles what the executor knows of models: which take images, and the prices the operator
 *     set ({@code threadline.model.profile.<model>.price.input} / {@code .output})
 * @param toolsElsewhere the tools another executor group serves ({@code
 *     threadline.executor.tools.elsewhere}), whose requests this one leaves to it
 * @param speculate whether model requests, and those of tools free of side effects, are read as
 *     soon as they are appended, before their decision commits ({@code
 *     threadline.executor.speculate}, default true; {@code Executor#speculative})
 * @param busyPolls how soon the consumer that reads before the commit polls again after a poll of
 *     at least {@code threadline.executor.busy.poll.records} (16) requests: {@code
 *     threadline.executor.busy.poll.gap.ms} (10) after that poll began, so that under load one
 *     fetch takes several appends' requests ({@link PollPacing}; 0 records: at once)
 */
public record ExecutorSettings(
    String groupId,
    Map<ThreadGroup, Integer> modelBudgets,
    Map<ThreadGroup, Integer> toolBudgets,
    Duration commitInterval,
    Duration fetchMaxWait,
    Duration producerLinger,
    Duration modelTimeout,
    String defaultModel,
    Set<String> fetchAllowList,
    int fetchMaxBytes,
    long contextCacheBytes,
    double tenantShare,
    Limits limits,
    String instanceId,
    Duration sessionTimeout,
    ThreadReaders threadReaders,
    TenantStores.Access storeAccess,
    Optional<SecretBox> secrets,
    ThreadFiles files,
    ModelProfiles profiles,
    ToolsElsewhere toolsElsewhere,
    boolean speculate,
    PollPacing busyPolls) {
  /** The least the context cache gets by default, however small the heap. */
  static final long MIN_DEFAULT_CONTEXT_CACHE_BYTES = 64L * 1024 * 1024;

  /**
   * A quarter of the heap, at least {@link #MIN_DEFAULT_CONTEXT_CACHE_BYTES}: the cache must hold
   * the contexts of the threads an instance serves at once, or their requests come back whole after
   * a round trip each.
   */
  static long defaultContextCacheBytes(long maxHeapBytes) {
    return Math.max(MIN_DEFAULT_CONTEXT_CACHE_BYTES, maxHeapBytes / 4);
  }

  public static ExecutorSettings from(Map<String, String> s, Map<String, String> env) {
    return new ExecutorSettings(
        s.getOrDefault("threadline.executor.group.id", "threadline-tool-executor"),
        budgets(
            s,
            "threadline.executor.budget.",
            Map.of(
                ThreadGroup.CHAT,
                64,
                ThreadGroup.TASK,
                32,
                ThreadGroup.CHORE,
                8,
                ThreadGroup.WILL,
                4)),
        budgets(
            s,
            "threadline.executor.budget.tools.",
            Map.of(
                ThreadGroup.CHAT,
                Integer.parseInt(s.getOrDefault("threadline.executor.budget.tools", "32")),
                ThreadGroup.TASK,
                16,
                ThreadGroup.CHORE,
                4,
                ThreadGroup.WILL,
                2)),
        Duration.ofMillis(
            Long.parseLong(s.getOrDefault("threadline.executor.commit.interval.ms", "100"))),
        Duration.ofMillis(
            Long.parseLong(s.getOrDefault("threadline.executor.fetch.max.wait.ms", "100"))),
        Duration.ofMillis(
            Long.parseLong(s.getOrDefault("threadline.executor.producer.linger.ms", "0"))),
        Duration.ofMillis(
            Long.parseLong(s.getOrDefault("threadline.executor.model.timeout.ms", "120000"))),
        s.getOrDefault("threadline.model", env.get("THREADLINE_MODEL")),
        Arrays.stream(s.getOrDefault("threadline.tools.http_fetch.allow", "").split(","))
            .map(String::trim)
            .filter(x -> !x.isEmpty())
            .collect(Collectors.toUnmodifiableSet()),
        Integer.parseInt(
            s.getOrDefault("threadline.tools.http_fetch.max.bytes", String.valueOf(1 << 20))),
        SettingValues.bytes(
            s,
            "threadline.executor.context.cache.bytes",
            defaultContextCacheBytes(Runtime.getRuntime().maxMemory())),
        Double.parseDouble(s.getOrDefault("threadline.executor.tenant.share", "0.5")),
        Limits.from(s),
        s.get("threadline.executor.instance.id"),
        Duration.ofMillis(
            Long.parseLong(s.getOrDefault("threadline.executor.session.timeout.ms", "15000"))),
        ThreadReaders.of(
            s.get("threadline.projector.url"),
            s.getOrDefault("threadline.ingest.url", env.get("THREADLINE_INGEST_URL")),
            s.getOrDefault("threadline.internal.token", env.get("THREADLINE_INTERNAL_TOKEN"))),
        new TenantStores.Access(
            s.get("threadline.projector.url"),
            s.getOrDefault("threadline.internal.token", env.get("THREADLINE_INTERNAL_TOKEN")),
            StoreLimits.from(s)),
        SecretBox.fromSettings(s, env),
        ThreadFileStores.from(
            s,
            java.nio.file.Path.of(
                s.getOrDefault(
                    "threadline.blobs.dir",
                    System.getProperty("java.io.tmpdir") + "/threadline-blobs"))),
        new ModelProfiles(s),
        ToolsElsewhere.parse(s.get("threadline.executor.tools.elsewhere")),
        Boolean.parseBoolean(s.getOrDefault("threadline.executor.speculate", "true")),
        new PollPacing(
            Integer.parseInt(s.getOrDefault("threadline.executor.busy.poll.records", "16")),
            Duration.ofMillis(
                Long.parseLong(s.getOrDefault("threadline.executor.busy.poll.gap.ms", "10")))));
  }

  /** Each lane's budget: setting {@code prefix + group}, else its default. */
  private static Map<ThreadGroup, Integer> budgets(
      Map<String, String> s, String prefix, Map<ThreadGroup, Integer> defaults) {
    Map<ThreadGroup, Integer> budgets = new EnumMap<>(ThreadGroup.class);
    for (ThreadGroup lane : ThreadGroup.values()) {
      String key = prefix + lane.name().toLowerCase(Locale.ROOT);
      budgets.put(lane, Integer.parseInt(s.getOrDefault(key, String.valueOf(defaults.get(lane)))));
    }
    return budgets;
  }
}
