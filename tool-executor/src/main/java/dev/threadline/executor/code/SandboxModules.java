package dev.threadline.executor.code;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The module sources one call's sandbox links, as {@link ModuleFiles} serves them: the caller's
 * source and {@code options.modules} (types erased, checked, each given its {@code sandbox:} URL
 * and the module-scope globals), one synthetic module per {@code options.imports} entry, and the
 * two internal modules that hand the host's values over without them ever being on globalThis.
 */
final class SandboxModules {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

  /** Where the caller's source lives, its modules' sources, and line 1's column shift. */
  record Prepared(
      Path main, Map<Path, String> files, Map<Path, Integer> firstLineShift, String hostKey) {}

  /** Why a call's modules cannot be linked; the message names the module and the specifier. */
  static final class LinkRefusal extends RuntimeException {
    final Integer line;
    final Integer column;

    LinkRefusal(String message) {
      this(message, null, null);
    }

    LinkRefusal(String message, Integer line, Integer column) {
      super(message);
      this.line = line;
      this.column = column;
    }
  }

  private SandboxModules() {}

  static Prepared prepare(
      String source,
      CodeOptions options,
      List<String> globalNames,
      String hostKey,
      TypeEraser eraser) {
    boolean typescript = "typescript".equals(options.language());
    if (!typescript && !"javascript".equals(options.language())) {
      throw new LinkRefusal(
          "options.language is typescript or javascript, not " + options.language());
    }
    for (String name : globalNames) {
      if (!IDENTIFIER.matcher(name).matches()) {
        throw new LinkRefusal("options.globals: '" + name + "' is not an identifier");
      }
    }
    Map<Path, String> callerSources = new LinkedHashMap<>();
    Path main = ModuleFiles.ROOT.resolve(typescript ? "main.ts" : "main.js");
    callerSources.put(main, source);
    options.modules().forEach((specifier, text) -> callerSources.put(modulePath(specifier), text));

    Map<Path, String> files = new LinkedHashMap<>();
    Map<Path, Integer> shifts = new LinkedHashMap<>();
    Set<String> bare = options.imports().keySet();
    Set<Path> modulePaths = new HashSet<>(callerSources.keySet());
    // Under the call's own secret key: a specifier in the caller's code cannot name them.
    Path internal = ModuleFiles.INTERNAL.resolve(hostKey);
    Path host = internal.resolve("host.mjs");
    Path globals = internal.resolve("globals.mjs");
    String globalsImport =
        globalNames.isEmpty()
            ? "\n;import \"" + globals + "\";"
            : "\n;import { " + String.join(", ", globalNames) + " } from \"" + globals + "\";";
    callerSources.forEach(
        (path, text) -> {
          String name = ModuleFiles.ROOT.relativize(path).toString();
          String code = typescript ? eraser.erase(text, name) : text;
          Optional<SourceChecks.Refusal> refusal =
              SourceChecks.linkRefusal(path.toString(), code, bare, modulePaths);
          if (refusal.isPresent()) {
            int at = refusal.get().offset();
            int lineStart = code.lastIndexOf('\n', at - 1) + 1;
            int line = (int) code.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
            throw new LinkRefusal(
                refusal.get().message().replace(ModuleFiles.ROOT + "/", ""),
                line,
                at - lineStart + 1);
          }
          String prefix = "import.meta.url = " + quote("sandbox:" + name) + "; ";
          files.put(path, prefix + code + globalsImport);
          shifts.put(path, prefix.length());
        });
    files.put(host, hostModule(hostKey));
    files.put(globals, globalsModule(host, globalNames));
    int index = 0;
    for (Map.Entry<String, Map<String, Object>> entry : options.imports().entrySet()) {
      files.put(
          ModuleFiles.IMPORTS.resolve(entry.getKey()).normalize(),
          importModule(host, index++, entry.getValue().keySet()));
    }
    return new Prepared(main, files, shifts, hostKey);
  }

  private static Path modulePath(String specifier) {
    Path path = ModuleFiles.ROOT.resolve(specifier).normalize();
    if (!path.startsWith(ModuleFiles.ROOT) || path.equals(ModuleFiles.ROOT)) {
      throw new LinkRefusal("options.modules: '" + specifier + "' is outside the sandbox's folder");
    }
    return path;
  }

  private static String hostModule(String key) {
    return "const host = globalThis[\""
        + key
        + "\"];\ndelete globalThis[\""
        + key
        + "\"];\n"
        // Runs before any of the caller's code: every module it imports statically is loaded.
        + "host.linked();\n"
        + "export default host;\n";
  }

  private static String globalsModule(Path host, List<String> names) {
    StringBuilder out = new StringBuilder("import host from \"" + host + "\";\n");
    for (String name : names) {
      out.append("export const ")
          .append(name)
          .append(" = host.globals[\"")
          .append(name)
          .append("\"];\n");
    }
    return out.toString();
  }

  private static String importModule(Path host, int index, Set<String> keys) {
    StringBuilder out = new StringBuilder("import host from \"" + host + "\";\n");
    out.append("const ns = Object.freeze(host.imports[").append(index).append("]);\n");
    int n = 0;
    for (String key : keys) {
      String quoted = quote(key);
      if (key.equals("default")) {
        out.append("export default ns[\"default\"];\n");
      } else {
        out.append("const e").append(n).append(" = ns[").append(quoted).append("];\n");
        out.append("export { e").append(n).append(" as ").append(quoted).append(" };\n");
        n++;
      }
    }
    return out.toString();
  }

  private static String quote(String text) {
    return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
  }
}
