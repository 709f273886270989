package dev.threadline.analytics;

import dev.threadline.config.SettingValues;
import dev.threadline.config.Settings;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an {@link IcebergErasure} pass over the events table every {@code
 * threadline.analytics.flush.ms} (10 s), beside the sink: a pass that fails is logged and tried
 * again at the next, which finds the same deletions (nothing is marked done before its commit). The
 * analytics worker runs it beside its sink; beside Iceberg's sink in a Connect cluster one already
 * runs, {@link #main} runs it alone with the same settings.
 */
public final class IcebergErasures implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(IcebergErasures.class);

  private final ScheduledExecutorService every;

  private IcebergErasures(ScheduledExecutorService every) {
    this.every = every;
  }

  static IcebergErasures start(Map<String, String> settings, Path dir) {
    Catalog catalog =
        CatalogUtil.buildIcebergCatalog(
            IcebergTables.CATALOG_NAME,
            IcebergTables.catalog(settings, dir),
            new org.apache.hadoop.conf.Configuration());
    TableIdentifier table =
        TableIdentifier.parse(
            settings.getOrDefault(IcebergTables.TABLE, IcebergTables.DEFAULT_TABLE));
    long ms = Long.parseLong(settings.getOrDefault("threadline.analytics.flush.ms", "10000"));
    ScheduledExecutorService every =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("iceberg-erasure").unstarted(r));
    every.scheduleWithFixedDelay(() -> pass(catalog, table), ms, ms, TimeUnit.MILLISECONDS);
    return new IcebergErasures(every);
  }

  private static void pass(Catalog catalog, TableIdentifier table) {
    try {
      if (!catalog.tableExists(table)) {
        return; // created with the sink's first commit
      }
      long removed = new IcebergErasure(catalog.loadTable(table)).pass();
      if (removed > 0) {
        log.info("erased {} rows of deleted threads from {}", removed, table);
      }
    } catch (RuntimeException e) {
      log.warn("erasing deleted threads from {} failed; tried again: {}", table, e.toString());
    }
  }

  /** The passes alone: the worker's settings ({@code threadline.analytics.*}), as it takes them. */
  public static void main(String[] args) throws Exception {
    Map<String, String> settings = Settings.load(args, Map.of());
    IcebergErasures erasures =
        start(settings, Path.of(SettingValues.required(settings, ParquetSinkConnector.DIR)));
    Runtime.getRuntime().addShutdownHook(new Thread(erasures::close, "erasure-shutdown"));
    Thread.currentThread().join();
  }

  @Override
  public void close() {
    every.shutdownNow();
    try {
      every.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
