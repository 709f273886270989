package dev.threadline.config;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Each tenant's requests to one instance of a service, held to a token bucket (Bucket4j): {@code
 * threadline.ratelimit.per.second} requests a second on average, bursts of up to {@code
 * threadline.ratelimit.burst}; {@code threadline.ratelimit.tenant.<tenant>.per.second} and {@code
 * .burst} set one tenant's own. One bucket per tenant — tenants come from the operator's keys, so
 * their number is the operator's.
 */
public final class TenantRates {
  public static final String PER_SECOND = "threadline.ratelimit.per.second";
  public static final String BURST = "threadline.ratelimit.burst";
  public static final long DEFAULT_PER_SECOND = 500;
  public static final long DEFAULT_BURST = 1_000;

  /** Each end user's requests, by tenant and user: {@code threadline.ratelimit.user.*}. */
  public static final String USER_PER_SECOND = "threadline.ratelimit.user.per.second";

  public static final String USER_BURST = "threadline.ratelimit.user.burst";

  /** The most buckets kept at once. */
  static final int MOST_BUCKETS = 100_000;

  private final long perSecond;
  private final long burst;
  private final Function<String, Optional<Long>> setting;
  private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

  /**
   * @param setting a whole-number setting by key (for one tenant's own rate), if set
   */
  public TenantRates(long perSecond, long burst, Function<String, Optional<Long>> setting) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.setting = setting;
  }

  /** The rates {@code settings} set (with the defaults for what they do not). */
  public static TenantRates from(Map<String, String> settings) {
    return new TenantRates(
        SettingValues.longOf(settings, PER_SECOND, DEFAULT_PER_SECOND),
        SettingValues.longOf(settings, BURST, DEFAULT_BURST),
        key ->
            settings.containsKey(key)
                ? Optional.of(SettingValues.longOf(settings, key, 0))
                : Optional.empty());
  }

  /**
   * Takes a token for one request of {@code tenant}: 0 when it may go on, else the whole seconds
   * until its bucket holds a token again (what {@code Retry-After} says).
   */
  public long waitSeconds(String tenant) {
    if (buckets.size() >= MOST_BUCKETS && !buckets.containsKey(tenant)) {
      // Keyed by user, the buckets are as many as a provider's users: past the most, all start
      // again full rather than grow without bound.
      buckets.clear();
    }
    ConsumptionProbe probe =
        buckets.computeIfAbsent(tenant, this::bucket).tryConsumeAndReturnRemaining(1);
    return probe.isConsumed()
        ? 0
        : Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999) / 1_000_000_000);
  }

  /** What a refused end user's request is told. */
  public static String userRefusal(long seconds) {
    return "more requests a second from you to this instance than "
        + USER_PER_SECOND
        + " allows; retry after "
        + seconds
        + " s";
  }

  /** What a refused request is told. */
  public static String refusal(long seconds) {
    return "more requests a second from your tenant to this instance than "
        + PER_SECOND
        + " allows; retry after "
        + seconds
        + " s";
  }

  private Bucket bucket(String tenant) {
    String own = "threadline.ratelimit.tenant." + tenant + ".";
    long rate = setting.apply(own + "per.second").orElse(perSecond);
    long size = setting.apply(own + "burst").orElse(Math.max(burst, rate));
    return Bucket.builder()
        .addLimit(limit -> limit.capacity(size).refillGreedy(rate, Duration.ofSeconds(1)))
        .build();
  }
}
