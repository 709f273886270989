package dev.threadline.testkit;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The meters the code under test registers globally ({@link Metrics}), as Prometheus scrapes them,
 * for one test at a time: a registry added before each test and removed after it, so no test sees
 * another's counts. {@code @RegisterExtension final GlobalPrometheus prometheus = new
 * GlobalPrometheus();}
 */
public final class GlobalPrometheus implements BeforeEachCallback, AfterEachCallback {
  private PrometheusMeterRegistry registry;

  @Override
  public void beforeEach(ExtensionContext context) {
    registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Metrics.addRegistry(registry);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    Metrics.removeRegistry(registry);
  }

  /** What a scrape of {@code /metrics} would answer now. */
  public String scrape() {
    return registry.scrape();
  }
}
