package dev.threadline.store;

import dev.threadline.topics.StoreKeys;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * How much a tenant's store (LangGraph's cross-thread memory) may hold, and what names an item:
 * every writer — the store API and a tool's {@code ThreadState} — holds an item to the same bounds,
 * so a value the API refuses is refused to a tool too.
 *
 * @param itemsPerTenant the most items a tenant holds ({@value #ITEMS_PER_TENANT}); a write of a
 *     new item past it is refused (writes in flight at once may pass it by as many)
 * @param valueBytes the largest value, as UTF-8 JSON ({@value #VALUE_BYTES})
 * @param bytesPerTenant the most characters of values a tenant's items hold together ({@value
 *     #BYTES_PER_TENANT}): every projector instance keeps every tenant's items on its disk
 */
public record StoreLimits(long itemsPerTenant, int valueBytes, long bytesPerTenant) {
  public static final String ITEMS_PER_TENANT = "threadline.store.items.per.tenant";
  public static final String VALUE_BYTES = "threadline.store.value.bytes";
  public static final String BYTES_PER_TENANT = "threadline.store.bytes.per.tenant";

  /** The most labels a namespace has. */
  public static final int NAMESPACE_DEPTH = 10;

  /** The longest label, and the longest key, in characters. */
  public static final int LABEL_CHARS = 128;

  public static final int KEY_CHARS = 512;

  /** What an item's name or value lacks: the field to name and why. */
  public record Refusal(String field, String reason) {}

  public static StoreLimits defaults() {
    return new StoreLimits(10_000, 64 * 1024, 64L * 1024 * 1024);
  }

  public static StoreLimits from(Map<String, String> settings) {
    StoreLimits d = defaults();
    return new StoreLimits(
        positive(settings, ITEMS_PER_TENANT, d.itemsPerTenant),
        (int) positive(settings, VALUE_BYTES, d.valueBytes),
        positive(settings, BYTES_PER_TENANT, d.bytesPerTenant));
  }

  /**
   * Why {@code namespace} and {@code key} cannot name an item, or null: a namespace is 1 to {@value
   * #NAMESPACE_DEPTH} labels, each without a dot (LangGraph's clients join labels with dots) or a
   * control character, the first not {@linkplain #reserved Threadline's own}, the key likewise
   * without control characters.
   */
  public static Refusal check(List<String> namespace, String key) {
    if (namespace == null || namespace.isEmpty() || namespace.size() > NAMESPACE_DEPTH) {
      return new Refusal("namespace", "1 to " + NAMESPACE_DEPTH + " labels");
    }
    if (reserved(namespace)) {
      return new Refusal("namespace[0]", OWN);
    }
    for (int i = 0; i < namespace.size(); i++) {
      String label = namespace.get(i);
      String wrong = StoreKeys.check(label);
      if (wrong == null && label.contains(".")) {
        wrong = "must not hold a dot";
      } else if (wrong == null && label.length() > LABEL_CHARS) {
        wrong = "at most " + LABEL_CHARS + " characters";
      }
      if (wrong != null) {
        return new Refusal("namespace[" + i + "]", wrong);
      }
    }
    String wrong = StoreKeys.check(key);
    if (wrong == null && key.length() > KEY_CHARS) {
      wrong = "at most " + KEY_CHARS + " characters";
    }
    return wrong == null ? null : new Refusal("key", wrong);
  }

  private static final String OWN = "a first label beginning with __ is Threadline's own";

  /** Where threads a LangGraph client created without a graph wait for their first run. */
  public static final List<String> DECLARED_THREADS = List.of("__threadline", "threads");

  /**
   * Whether {@code namespace} is Threadline's own: its first label begins with {@code __} (threads
   * a LangGraph client created without a graph wait there for their first run). No API or tool
   * names one, and no listing shows one.
   */
  public static boolean reserved(List<String> namespace) {
    return !namespace.isEmpty() && namespace.getFirst().startsWith("__");
  }

  /** Why a search may not read under {@code prefix}, or null: it names Threadline's own. */
  public static Refusal checkPrefix(List<String> prefix) {
    return reserved(prefix) ? new Refusal("prefix[0]", OWN) : null;
  }

  /** Why {@code valueJson} (a JSON object's text) is too large a value, or null. */
  public Refusal checkValue(String valueJson) {
    int bytes = valueJson.getBytes(StandardCharsets.UTF_8).length;
    return bytes <= valueBytes
        ? null
        : new Refusal(
            "value", bytes + " bytes of JSON, more than the " + valueBytes + " of " + VALUE_BYTES);
  }

  /**
   * Why a write may not go into a store holding {@code items} and {@code bytes} now: a new item
   * ({@code replacedChars} null) past the items allowed, or values past the characters allowed; or
   * null.
   */
  public String overQuota(long items, long bytes, String valueJson, Integer replacedChars) {
    if (replacedChars == null && items >= itemsPerTenant) {
      return "the tenant's store holds "
          + items
          + " items, its limit ("
          + ITEMS_PER_TENANT
          + "): delete some first";
    }
    long after = bytes + valueJson.length() - (replacedChars == null ? 0 : replacedChars);
    if (after > bytesPerTenant) {
      return "the tenant's store would hold "
          + after
          + " characters of values, past its limit of "
          + bytesPerTenant
          + " ("
          + BYTES_PER_TENANT
          + "): delete some first";
    }
    return null;
  }

  private static long positive(Map<String, String> settings, String name, long fallback) {
    String raw = settings.get(name);
    if (raw == null || raw.isBlank()) {
      return fallback;
    }
    long value;
    try {
      value = Long.parseLong(raw.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a whole number, not " + raw);
    }
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be 1 or more, not " + raw);
    }
    return value;
  }
}
