package dev.threadline.ingest.reads;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness: the projector the ingest relays reads to is ready itself, when one is configured
 * ({@code threadline.projector.url}); without one there is nothing to ask (reads answer 503 saying
 * how to set it up).
 */
@Readiness
@ApplicationScoped
public class ProjectorReadiness implements HealthCheck {
  private static final Duration WITHIN = Duration.ofSeconds(3);
  private final ProjectorReads projector;

  public ProjectorReadiness(ProjectorReads projector) {
    this.projector = projector;
  }

  @Override
  public HealthCheckResponse call() {
    var answer = HealthCheckResponse.named("projector");
    if (!projector.configured()) {
      return answer.up().withData("reads", "not configured").build();
    }
    try {
      int status = projector.readiness(WITHIN);
      return status == 200
          ? answer.up().build()
          : answer.down().withData("error", "the projector is not ready (" + status + ")").build();
    } catch (java.io.IOException e) {
      return answer.down().withData("error", "unreachable: " + e).build();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return answer.down().withData("error", "interrupted").build();
    }
  }
}
