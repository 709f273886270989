package dev.threadline.ingest;

import dev.threadline.config.Budgets;
import dev.threadline.config.Limits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.HashMap;
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
    Map<String, String> settings = new HashMap<>();
    for (String name : Limits.NAMES) {
      config
          .getOptionalValue(Limits.key(name), String.class)
          .ifPresent(value -> settings.put(Limits.key(name), value));
    }
    return Limits.from(settings);
  }

  /** The budgets every thread is held to ({@code threadline.budget.*}), as the step processor. */
  @Produces
  @Singleton
  Budgets budgets(Config config) {
    Map<String, String> settings = new HashMap<>();
    for (String key : new String[] {Budgets.SESSION_TURNS, Budgets.MODEL_CALLS_PER_THREAD}) {
      config.getOptionalValue(key, String.class).ifPresent(value -> settings.put(key, value));
    }
    return Budgets.from(settings);
  }
}
