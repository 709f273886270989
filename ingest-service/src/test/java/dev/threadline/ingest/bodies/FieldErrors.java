package dev.threadline.ingest.bodies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.ingest.Problem;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The field a refused request's first error names, for tests of the JSON readers. */
final class FieldErrors {
  private FieldErrors() {}

  static String field(Throwable refused) {
    return ((Problem.Failure) refused).problem().errors().getFirst().field();
  }

  /** Asserts that {@code reading} is refused, its first error naming {@code field}. */
  static void assertRefusedNaming(String field, ThrowingCallable reading) {
    assertThatThrownBy(reading)
        .isInstanceOf(Problem.Failure.class)
        .satisfies(t -> assertThat(field(t)).isEqualTo(field));
  }
}
