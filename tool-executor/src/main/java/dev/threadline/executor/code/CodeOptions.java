package dev.threadline.executor.code;

import java.util.List;
import java.util.Map;

/**
 * The options of one {@code runCode} call (spec §13): the source's language ({@code typescript}
 * unless told), the host objects its bare imports resolve to, the source modules its relative
 * imports resolve to, the identifiers installed at module scope, the export to run and its
 * arguments, and the memory it may use ({@code null}: the sandbox's default).
 */
public record CodeOptions(
    String language,
    Map<String, Map<String, Object>> imports,
    Map<String, String> modules,
    Map<String, Object> globals,
    Execute execute,
    Long memoryLimitBytes) {

  /** The export to run ({@code default} unless told) and the arguments it is called with. */
  public record Execute(String fn, List<Object> args) {
    public Execute {
      fn = fn == null || fn.isEmpty() ? "default" : fn;
      args = args == null ? List.of() : List.copyOf(args);
    }
  }

  public CodeOptions {
    language = language == null ? "typescript" : language;
    imports = imports == null ? Map.of() : Map.copyOf(imports);
    modules = modules == null ? Map.of() : Map.copyOf(modules);
    globals = globals == null ? Map.of() : Map.copyOf(globals);
    execute = execute == null ? new Execute(null, null) : execute;
  }

  /** TypeScript, nothing imported or installed, the default export run with no arguments. */
  public static CodeOptions defaults() {
    return new CodeOptions(null, null, null, null, null, null);
  }

  public CodeOptions withLanguage(String value) {
    return new CodeOptions(value, imports, modules, globals, execute, memoryLimitBytes);
  }

  public CodeOptions withImports(Map<String, Map<String, Object>> value) {
    return new CodeOptions(language, value, modules, globals, execute, memoryLimitBytes);
  }

  public CodeOptions withModules(Map<String, String> value) {
    return new CodeOptions(language, imports, value, globals, execute, memoryLimitBytes);
  }

  public CodeOptions withGlobals(Map<String, Object> value) {
    return new CodeOptions(language, imports, modules, value, execute, memoryLimitBytes);
  }

  public CodeOptions withExecute(String fn, List<Object> args) {
    return new CodeOptions(
        language, imports, modules, globals, new Execute(fn, args), memoryLimitBytes);
  }

  public CodeOptions withMemoryLimitBytes(Long value) {
    return new CodeOptions(language, imports, modules, globals, execute, value);
  }
}
