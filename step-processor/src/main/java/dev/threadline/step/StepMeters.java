package dev.threadline.step;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.stream.DoubleStream;

/**
 * The step processor's time per decided input, a histogram of fixed buckets (0.5 ms doubling to
 * about 4 s) so Prometheus answers its percentiles, by the input's kind.
 */
final class StepMeters {
  private static final Duration[] BUCKETS =
      DoubleStream.iterate(0.0005, seconds -> seconds <= 4.1, seconds -> seconds * 2)
          .mapToObj(seconds -> Duration.ofNanos((long) (seconds * 1e9)))
          .toArray(Duration[]::new);

  private StepMeters() {}

  /** One input of kind {@code input} decided and carried out in {@code nanos}. */
  static void decided(String input, long nanos) {
    Timer.builder("threadline.step.decisions")
        .tag("input", input)
        .serviceLevelObjectives(BUCKETS)
        .register(Metrics.globalRegistry)
        .record(Duration.ofNanos(nanos));
  }
}
