package dev.threadline.testkit;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OTLP/HTTP endpoint for traces ({@code POST /v1/traces}, protobuf) in the test's process: what
 * the services export, as a collector would receive it. Point {@code OTEL_EXPORTER_OTLP_ENDPOINT}
 * at {@link #endpoint()} with {@code OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf}.
 */
public final class OtlpReceiver implements AutoCloseable {
  /** One span as received: its ids, name, the service that sent it and its string attributes. */
  public record ReceivedSpan(
      String traceId,
      String spanId,
      String parentSpanId,
      String name,
      String service,
      java.util.Map<String, String> attributes) {}

  private final HttpServer server;
  private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();
  private final List<String> failures = new CopyOnWriteArrayList<>();

  private OtlpReceiver(HttpServer server) {
    this.server = server;
  }

  public static OtlpReceiver start() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    OtlpReceiver receiver = new OtlpReceiver(server);
    server.createContext(
        "/v1/traces",
        exchange -> {
          try (InputStream body = exchange.getRequestBody()) {
            receiver.receive(ExportTraceServiceRequest.parseFrom(body.readAllBytes()));
            byte[] ok = new byte[0];
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, ok.length == 0 ? -1 : ok.length);
          } catch (IOException | RuntimeException | LinkageError e) {
            receiver.failures.add(e.toString());
            exchange.sendResponseHeaders(400, -1);
          } finally {
            exchange.close();
          }
        });
    server.start();
    return receiver;
  }

  /** The base URL the exporters are given ({@code /v1/traces} is appended by them). */
  public String endpoint() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Why exports could not be read (a failing test says so). */
  public List<String> failures() {
    return List.copyOf(failures);
  }

  /** Every span received so far. */
  public List<ReceivedSpan> spans() {
    return List.copyOf(spans);
  }

  private void receive(ExportTraceServiceRequest request) {
    HexFormat hex = HexFormat.of();
    for (ResourceSpans resource : request.getResourceSpansList()) {
      String service = value(resource.getResource().getAttributesList(), "service.name");
      for (ScopeSpans scope : resource.getScopeSpansList()) {
        for (var span : scope.getSpansList()) {
          java.util.Map<String, String> attributes = new java.util.HashMap<>();
          span.getAttributesList()
              .forEach(a -> attributes.put(a.getKey(), a.getValue().getStringValue()));
          spans.add(
              new ReceivedSpan(
                  hex.formatHex(span.getTraceId().toByteArray()),
                  hex.formatHex(span.getSpanId().toByteArray()),
                  hex.formatHex(span.getParentSpanId().toByteArray()),
                  span.getName(),
                  service,
                  attributes));
        }
      }
    }
  }

  private static String value(List<KeyValue> attributes, String key) {
    return attributes.stream()
        .filter(a -> a.getKey().equals(key))
        .map(a -> a.getValue().getStringValue())
        .findFirst()
        .orElse("");
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
