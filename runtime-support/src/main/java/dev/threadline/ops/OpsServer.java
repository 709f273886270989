package dev.threadline.ops;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.threadline.config.SettingValues;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.kafka.streams.KafkaStreams;

/**
 * A service's port for its operators (the step processor's, executor's and projector's; the ingest
 * has Quarkus's): {@code GET /health/live} (200 while the process answers and can still do its work
 * — a service whose worker died for good answers 503, for its orchestrator to restart it), {@code
 * GET /health/ready} (200 once it does its work, else 503: what a Kubernetes probe asks) and {@code
 * GET /metrics} (Prometheus text: the JVM, the Kafka clients and the service's own meters, which
 * its code records on Micrometer's global registry). On {@code threadline.ops.port}; unset, none.
 */
public record OpsServer(
    HttpServer server,
    PrometheusMeterRegistry registry,
    BooleanSupplier ready,
    BooleanSupplier live)
    implements AutoCloseable {
  public static final String PORT = "threadline.ops.port";

  /**
   * The ops port {@code settings} ask for, serving; empty when they ask for none. Live while the
   * process answers.
   */
  public static Optional<OpsServer> start(
      Map<String, String> settings, String service, BooleanSupplier ready) {
    return start(settings, service, ready, () -> true);
  }

  /**
   * The ops port {@code settings} ask for, serving; empty when they ask for none. {@code live}:
   * whether the service can still do its work without a restart.
   */
  public static Optional<OpsServer> start(
      Map<String, String> settings, String service, BooleanSupplier ready, BooleanSupplier live) {
    long port = SettingValues.longOf(settings, PORT, -1);
    if (port < 0) {
      return Optional.empty();
    }
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    registry.config().commonTags("service", service);
    // Tag values that come from tenants' definitions (model and tool names) are bounded, so no
    // tenant can grow the registry without limit.
    for (String tag : new String[] {"model", "tool"}) {
      registry
          .config()
          .meterFilter(
              MeterFilter.maximumAllowableTags("threadline.", tag, 200, MeterFilter.deny()));
    }
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    Metrics.addRegistry(registry);
    try {
      HttpServer server =
          HttpServer.create(
              new InetSocketAddress(
                  settings.getOrDefault("threadline.ops.host", "0.0.0.0"), (int) port),
              0);
      OpsServer ops = new OpsServer(server, registry, ready, live);
      server.createContext("/", ops::handle);
      server.start();
      return Optional.of(ops);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serve the ops port " + port, e);
    }
  }

  /** The Streams clients' metrics (Kafka's own, consumer lag included) on {@code /metrics}. */
  public OpsServer bind(KafkaStreams streams) {
    new KafkaStreamsMetrics(streams).bindTo(registry);
    return this;
  }

  public int port() {
    return server.getAddress().getPort();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      switch (path) {
        case "/health/live" -> health(exchange, live.getAsBoolean());
        case "/health/ready" -> health(exchange, ready.getAsBoolean());
        case "/metrics" ->
            answer(exchange, 200, "text/plain; version=0.0.4; charset=utf-8", registry.scrape());
        default -> answer(exchange, 404, "application/json", "{\"status\":404}");
      }
    }
  }

  private static void health(HttpExchange exchange, boolean up) throws IOException {
    answer(
        exchange,
        up ? 200 : 503,
        "application/json",
        up ? "{\"status\":\"UP\"}" : "{\"status\":\"DOWN\"}");
  }

  private static void answer(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    Metrics.removeRegistry(registry);
    registry.close();
  }
}
