package dev.threadline.executor.code;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * Strips TypeScript's types, and nothing else (spec §13.6: no type check), with sucrase — a
 * maintained eraser that keeps every line where it was, so errors point into the caller's source.
 * It runs in an isolate of its own that lives as long as the sandbox: the caller's source is only
 * ever data there, never run, so one parse of sucrase serves every call.
 */
final class TypeEraser {
  private static final Pattern POSITION = Pattern.compile("\\((\\d+):(\\d+)\\)");
  static final Duration TIME_LIMIT = Duration.ofSeconds(5);
  private static final ScheduledExecutorService TIMER =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().daemon().name("code-eraser-timer").unstarted(r));
  private final Context context;
  private final Value erase;

  TypeEraser(Engine engine) {
    context =
        Context.newBuilder("js").engine(engine).allowHostAccess(CodeSandbox.NO_HOST_ACCESS).build();
    String bundle = CodeSandbox.resource("vendor/sucrase-eraser.js");
    context.eval(Source.newBuilder("js", bundle, "sucrase-eraser.js").buildLiteral());
    erase = context.getBindings("js").getMember("eraseTypes");
  }

  /** Thrown for source the eraser cannot parse, with the position it names. */
  static final class EraseError extends RuntimeException {
    final Integer line;
    final Integer column;

    EraseError(String message, Integer line, Integer column) {
      super(message);
      this.line = line;
      this.column = column;
    }
  }

  /**
   * {@code source} with its types removed; lines kept. A source that keeps the eraser busy for
   * longer than {@link #TIME_LIMIT} is refused, so that no caller holds it from the others.
   */
  synchronized String erase(String source, String file) {
    ScheduledFuture<?> stop =
        TIMER.schedule(this::interrupt, TIME_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
    try {
      return erase.execute(source, file).asString();
    } catch (PolyglotException e) {
      if (e.isInterrupted()) {
        throw new EraseError(
            file + ": erasing its types took longer than " + TIME_LIMIT.toSeconds() + " s",
            null,
            null);
      }
      Matcher at = POSITION.matcher(e.getMessage() == null ? "" : e.getMessage());
      boolean found = at.find();
      throw new EraseError(
          file + ": " + e.getMessage(),
          found ? Integer.valueOf(at.group(1)) : null,
          found ? Integer.valueOf(at.group(2)) + 1 : null);
    } finally {
      stop.cancel(false);
    }
  }

  private void interrupt() {
    try {
      context.interrupt(Duration.ofSeconds(5));
    } catch (java.util.concurrent.TimeoutException | RuntimeException e) {
      // the erase ended meanwhile, or would not stop: the caller's wait ends with the lock's
    }
  }

  synchronized void close() {
    context.close(true);
  }
}
