package dev.threadline.deploy.cli;

/** A command that failed: the message to print, and the exit code that says what happened. */
final class CliException extends RuntimeException {
  /** Exit codes: what a script can tell apart without reading the message. */
  static final int FAILED = 1;

  static final int NOT_FOUND = 3;
  static final int INVALID = 4;
  static final int UNAUTHORIZED = 5;
  static final int UNAVAILABLE = 6;

  final int exitCode;

  CliException(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  /** The exit code of an HTTP answer's status. */
  static int forStatus(int status) {
    return switch (status) {
      case 404 -> NOT_FOUND;
      case 400, 409, 413, 422 -> INVALID;
      case 401, 403 -> UNAUTHORIZED;
      case 429, 500, 502, 503, 504 -> UNAVAILABLE;
      default -> FAILED;
    };
  }
}
