package dev.threadline.ingest;

import dev.threadline.config.ModelPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.HashMap;
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
    Map<String, String> settings = new HashMap<>();
    for (String key : new String[] {ModelPolicy.ENDPOINTS, ModelPolicy.BASE_URL_ALLOWED}) {
      config.getOptionalValue(key, String.class).ifPresent(v -> settings.put(key, v));
    }
    for (String key : config.getPropertyNames()) {
      if (key.startsWith(TENANT_PREFIX)) {
        config.getOptionalValue(key, String.class).ifPresent(v -> settings.put(key, v));
      }
    }
    return ModelPolicy.from(settings);
  }
}
