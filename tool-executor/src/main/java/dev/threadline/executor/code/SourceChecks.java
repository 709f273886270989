package dev.threadline.executor.code;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a module's static imports before the engine links it, so that one naming no module the
 * caller supplied settles {@code link_error} at its line and column. This is a diagnosis, not the
 * wall: the loader serves only the caller's modules ({@link ModuleFiles}, which also refuses every
 * dynamic {@code import()}) and the engine runs no code from a string ({@link SandboxWall}),
 * however the source is spelled. The scan reads the raw text, strings and comments included: it can
 * refuse a source that only mentions an import in a string.
 */
final class SourceChecks {
  private static final String GAP =
      "(?:[\\s\\p{Zs}\\uFEFF\\u2028\\u2029]|/\\*.*?\\*/|//[^\\n\\r]*)*";
  private static final Pattern STATIC_SPECIFIER =
      Pattern.compile("(?<![\\w$.])(?:from|import)" + GAP + "(['\"])", Pattern.DOTALL);
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

  private SourceChecks() {}

  /** Why a source cannot be linked, and where: {@code offset} of the specifier. */
  record Refusal(String message, int offset) {}

  /**
   * Why module {@code file} (a path under {@link ModuleFiles#ROOT}) cannot be linked, or empty:
   * {@code bare} are the specifiers of the caller's imports, {@code files} the paths of its
   * modules.
   */
  static Optional<Refusal> linkRefusal(
      String file, String source, Set<String> bare, Set<Path> files) {
    Matcher specifiers = STATIC_SPECIFIER.matcher(source);
    while (specifiers.find()) {
      char quote = specifiers.group(1).charAt(0);
      int start = specifiers.end();
      int end = source.indexOf(quote, start);
      if (end < 0) {
        return Optional.empty(); // an unterminated string: the engine reports the syntax error
      }
      String specifier = source.substring(start, end);
      Optional<String> refusal = specifierRefusal(file, specifier, bare, files);
      if (refusal.isPresent()) {
        return Optional.of(new Refusal(refusal.get(), start - 1));
      }
    }
    return Optional.empty();
  }

  private static Optional<String> specifierRefusal(
      String file, String specifier, Set<String> bare, Set<Path> files) {
    if (specifier.indexOf('\\') >= 0) {
      return Optional.of(
          file + ": escapes in the import specifier '" + specifier + "' are not supported");
    }
    if (SCHEME.matcher(specifier).find()) {
      return Optional.of(file + ": cannot import '" + specifier + "': URL imports are not allowed");
    }
    if (specifier.startsWith("./") || specifier.startsWith("../")) {
      Path target = Path.of(file).resolveSibling(specifier).normalize();
      return files.contains(target)
          ? Optional.empty()
          : Optional.of(
              file + ": cannot import '" + specifier + "': no such module in options.modules");
    }
    if (specifier.startsWith("/")) {
      return Optional.of(
          file + ": cannot import '" + specifier + "': absolute paths are not allowed");
    }
    return bare.contains(specifier)
        ? Optional.empty()
        : Optional.of(
            file + ": cannot import '" + specifier + "': no such module in options.imports");
  }
}
