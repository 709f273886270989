package dev.threadline.ingest.reads;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

/** The ingest is ready only while the projector it relays reads to says it is ready. */
class ProjectorReadinessTest {
  @Test
  void itFollowsTheProjectorsOwnReadiness() throws Exception {
    AtomicInteger status = new AtomicInteger(503);
    HttpServer projector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    projector.createContext(
        "/q/health/ready",
        exchange -> {
          exchange.sendResponseHeaders(status.get(), -1);
          exchange.close();
        });
    projector.start();
    try {
      ProjectorReadiness check =
          new ProjectorReadiness(
              new ProjectorReads(
                  Optional.of("http://127.0.0.1:" + projector.getAddress().getPort()),
                  Optional.of("token"),
                  50,
                  150));

      assertThat(check.call().getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
      status.set(200);
      assertThat(check.call().getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
    } finally {
      projector.stop(0);
    }
    ProjectorReadiness unreachable =
        new ProjectorReadiness(
            new ProjectorReads(Optional.of("http://127.0.0.1:1"), Optional.of("t"), 50, 150));
    assertThat(unreachable.call().getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
  }
}
