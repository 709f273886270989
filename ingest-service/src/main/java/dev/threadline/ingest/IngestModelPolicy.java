package dev.threadline.ingest;

import dev.threadline.config.ModelPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Map;
import org.eclipse.microprofile.config.Config;

/**
 * The {@link ModelPolicy} agent definitions are checked against at the door, from the same {@code
 * threadline.model.*} settings as the executor's, so a definition the executor would refuse to call
 * is refused here with 422 when it is written.
 */
@ApplicationScoped
public class IngestModelPolicy {
  private static final String TENANT_PREFIX = "threadline.model.tenant.";

  @Produces
  @Singleton
  ModelPolicy modelPolicy(Config config) {
    Map<String, String> settings =
        IngestLimits.settings(
            config,
            java.util.List.of(
                ModelPolicy.ENDPOINTS, ModelPolicy.PROVIDERS, ModelPolicy.BASE_URL_ALLOWED));
    settings.putAll(IngestLimits.settingsStartingWith(config, TENANT_PREFIX));
    // Which provider each endpoint serves; its URL and key are the executor's alone.
    IngestLimits.settingsStartingWith(config, ModelPolicy.ENDPOINT)
        .forEach(
            (key, value) -> {
              if (key.endsWith(".provider")) {
                settings.put(key, value);
              }
            });
    return ModelPolicy.from(settings);
  }
}
