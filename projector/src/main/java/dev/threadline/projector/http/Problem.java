package dev.threadline.projector.http;

/** An HTTP error answered as RFC 9457 problem details. */
final class Problem extends RuntimeException {
  final int status;
  final String title;
  final int retryAfterSeconds;

  Problem(int status, String title, String detail, int retryAfterSeconds) {
    super(detail);
    this.status = status;
    this.title = title;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  static Problem badRequest(String detail) {
    return new Problem(400, "Bad request", detail, 0);
  }

  static Problem unauthorized(String detail) {
    return new Problem(401, "Unauthorized", detail, 0);
  }

  static Problem forbidden(String detail) {
    return new Problem(403, "Forbidden", detail, 0);
  }

  static Problem notFound(String detail) {
    return new Problem(404, "Not found", detail, 0);
  }

  static Problem unavailable(String detail) {
    return new Problem(503, "Service unavailable", detail, 1);
  }
}
