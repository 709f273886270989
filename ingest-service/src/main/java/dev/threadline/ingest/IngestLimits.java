package dev.threadline.ingest;

import dev.threadline.config.Budgets;
import dev.threadline.config.Limits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;

/**
 * The {@link Limits} the door holds callers to, read from the same {@code threadline.limits.*} keys
 * (or {@code THREADLINE_LIMITS_*} variables) as every other service, so a request the step
 * processor would refuse is refused here, at once and with a status code.
 */
@ApplicationScoped
public class IngestLimits {
  @Produces
  @Singleton
  Limits limits(Config config) {
    return Limits.from(settings(config, Limits.NAMES.stream().map(Limits::key).toList()));
  }

  /** The budgets every thread is held to ({@code threadline.budget.*}), as the step processor. */
  @Produces
  @Singleton
  Budgets budgets(Config config) {
    return Budgets.from(
        settings(config, List.of(Budgets.SESSION_TURNS, Budgets.MODEL_CALLS_PER_THREAD)));
  }

  /** How much a tenant's store holds ({@code threadline.store.*}), as the tool executor. */
  @Produces
  @Singleton
  dev.threadline.store.StoreLimits storeLimits(Config config) {
    return dev.threadline.store.StoreLimits.from(
        settings(
            config,
            List.of(
                dev.threadline.store.StoreLimits.ITEMS_PER_TENANT,
                dev.threadline.store.StoreLimits.VALUE_BYTES,
                dev.threadline.store.StoreLimits.BYTES_PER_TENANT)));
  }

  /** The settings among {@code keys} that are set, by key. */
  static Map<String, String> settings(Config config, Collection<String> keys) {
    Map<String, String> settings = new HashMap<>();
    for (String key : keys) {
      config.getOptionalValue(key, String.class).ifPresent(value -> settings.put(key, value));
    }
    return settings;
  }

  /**
   * The settings whose keys start with {@code prefix}, by key: set as properties, or as environment
   * variables ({@code THREADLINE_FILES_STORE} for {@code threadline.files.store}), each read
   * through the config so its sources keep their precedence.
   */
  public static Map<String, String> settingsStartingWith(Config config, String prefix) {
    java.util.Set<String> keys = new java.util.TreeSet<>();
    for (String name : config.getPropertyNames()) {
      String key = dev.threadline.config.Settings.keyOf(name);
      if (key.startsWith(prefix)) {
        keys.add(key);
      }
    }
    return settings(config, keys);
  }
}
