package dev.threadline.traces;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.testkit.OtlpReceiver;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** With an OTLP endpoint set the standard way, a service's spans reach it, named by service. */
class TracingExportTest {
  private static final String ENDPOINT = "otel.exporter.otlp.endpoint";
  private static final String PROTOCOL = "otel.exporter.otlp.protocol";

  @AfterEach
  void clear() {
    System.clearProperty(ENDPOINT);
    System.clearProperty(PROTOCOL);
  }

  @Test
  void spansReachTheConfiguredEndpointOverOtlpHttp() throws Exception {
    try (OtlpReceiver receiver = OtlpReceiver.start()) {
      System.setProperty(ENDPOINT, receiver.endpoint());
      System.setProperty(PROTOCOL, "http/protobuf");
      OpenTelemetry telemetry = Tracing.start("threadline-test");

      Span span = telemetry.getTracer(Tracing.SCOPE).spanBuilder("step ThreadCommand").startSpan();
      span.end();
      ((OpenTelemetrySdk) telemetry).getSdkTracerProvider().forceFlush().join(30, TimeUnit.SECONDS);

      assertThat(receiver.spans())
          .singleElement()
          .satisfies(
              s -> {
                assertThat(s.name()).isEqualTo("step ThreadCommand");
                assertThat(s.service()).isEqualTo("threadline-test");
                assertThat(s.traceId()).isEqualTo(span.getSpanContext().getTraceId());
              });
      ((OpenTelemetrySdk) telemetry).close();
    }
  }
}
