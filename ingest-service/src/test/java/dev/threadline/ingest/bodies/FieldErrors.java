package dev.threadline.ingest.bodies;

import dev.threadline.ingest.Problem;

/** The field a refused request's first error names, for tests of the JSON readers. */
final class FieldErrors {
  private FieldErrors() {}

  static String field(Throwable refused) {
    return ((Problem.Failure) refused).problem().errors().getFirst().field();
  }
}
