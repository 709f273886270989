package dev.threadline.executor.code;

import java.util.List;

/**
 * How a {@code runCode} call settled (spec §13): its status, the marshalled value of the selected
 * export when {@code ok}, the error otherwise, and the lines its {@code console} wrote.
 */
public record CodeResult(Status status, Object result, CodeError error, List<LogLine> logs) {

  /** The status codes of the caller-facing contract, by their wire names. */
  public enum Status {
    OK("ok"),
    ERROR("error"),
    LINK_ERROR("link_error"),
    MEMORY("memory"),
    TERMINATED("terminated");

    private final String wire;

    Status(String wire) {
      this.wire = wire;
    }

    public String wire() {
      return wire;
    }
  }

  /** An error's name and message, with its line and column in the caller's source when known. */
  public record CodeError(String name, String message, Integer line, Integer column) {
    static CodeError of(String name, String message) {
      return new CodeError(name, message, null, null);
    }
  }

  /** One {@code console.*} call: its level ({@code log}, {@code warn} …) and its text. */
  public record LogLine(String level, String message) {}

  static CodeResult ok(Object value, List<LogLine> logs) {
    return new CodeResult(Status.OK, value, null, logs);
  }

  static CodeResult failed(Status status, CodeError error, List<LogLine> logs) {
    return new CodeResult(status, null, error, logs);
  }
}
