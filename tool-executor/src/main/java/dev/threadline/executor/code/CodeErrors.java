package dev.threadline.executor.code;

import dev.threadline.executor.code.CodeResult.CodeError;
import dev.threadline.executor.code.CodeResult.LogLine;
import dev.threadline.executor.code.CodeResult.Status;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;

/**
 * Turns what the engine threw into the caller's error: its status, and its line and column in the
 * caller's own source (the sandbox puts {@code import.meta.url}'s assignment before line 1's text,
 * so columns there are shifted back).
 */
final class CodeErrors {
  private static final Pattern FRAME =
      Pattern.compile("(" + ModuleFiles.ROOT + "/[^:()\\s]+):(\\d+):(\\d+)");

  private CodeErrors() {}

  /**
   * Messages of the engine's linker: a module or an export that is not there, a URL it will not
   * load, a {@code data:} URL it cannot read.
   */
  static boolean isLinkMessage(String message) {
    return message.contains("Cannot find module")
        || isUnparsableUrl(message)
        || message.contains("does not provide an export named")
        || message.contains("Socket IO is not allowed")
        || message.contains("Error reading module");
  }

  /** The engine's words for a module URL it could not parse (a {@code data:} URL, say). */
  static boolean isUnparsableUrl(String message) {
    return message.contains("Invalid data URL")
        || message.contains("Illegal character in opaque part");
  }

  static CodeResult fromException(
      PolyglotException e, SandboxModules.Prepared modules, List<LogLine> logs) {
    if (e.isResourceExhausted()) {
      return CodeResult.failed(
          Status.MEMORY,
          CodeError.of("MemoryError", String.valueOf(e.getMessage())),
          List.copyOf(logs));
    }
    String message = String.valueOf(e.getMessage());
    String name = e.isSyntaxError() ? "SyntaxError" : e.isHostException() ? "HostError" : "Error";
    Status status = isLinkMessage(message) ? Status.LINK_ERROR : Status.ERROR;
    return CodeResult.failed(
        status, at(name, message, e.getSourceLocation(), modules), List.copyOf(logs));
  }

  /**
   * An error thrown in the sandbox, placed at the first frame of its stack that is in one of the
   * caller's modules.
   */
  static CodeError located(
      String name, String message, String stack, SandboxModules.Prepared modules) {
    Matcher frame = FRAME.matcher(stack);
    while (frame.find()) {
      Integer shift = modules.firstLineShift().get(Path.of(frame.group(1)));
      if (shift != null) {
        int line = Integer.parseInt(frame.group(2));
        int column = Integer.parseInt(frame.group(3)) - (line == 1 ? shift : 0);
        return new CodeError(name, message, line, Math.max(column, 1));
      }
    }
    return new CodeError(name, message, null, null);
  }

  private static CodeError at(
      String name, String message, SourceSection where, SandboxModules.Prepared modules) {
    if (where == null || !where.isAvailable() || where.getSource().getPath() == null) {
      return new CodeError(name, message, null, null);
    }
    Path file = Path.of(where.getSource().getPath());
    Integer shift = modules.firstLineShift().get(file);
    if (shift == null) {
      return new CodeError(name, message, null, null);
    }
    int line = where.getStartLine();
    int column = where.getStartColumn() - (line == 1 ? shift : 0);
    return new CodeError(name, message, line, Math.max(column, 1));
  }
}
