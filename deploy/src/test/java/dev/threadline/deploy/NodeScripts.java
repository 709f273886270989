package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Node.js check of the stack with packages from the npm registry, as a user in that language
 * would write it: its sources ({@code src/test/js/<name>/}) copied to {@code target/<name>}, {@code
 * npm install} run once (the folder keeps {@code node_modules} between runs), then {@code node}.
 * {@link #with} runs the same sources with another version of one of their packages, in a folder of
 * its own.
 */
record NodeScripts(String name, String dependency, String version) {
  private static final Path SOURCES = Path.of("src/test/js");

  NodeScripts(String name) {
    this(name, null, null);
  }

  /** These sources with {@code dependency} at {@code version} instead of the version they pin. */
  NodeScripts with(String dependency, String version) {
    return new NodeScripts(name, dependency, version);
  }

  /** Whether this machine has node and npm (CI's do); without, a check says so and is skipped. */
  static boolean available() {
    return onPath("node") && onPath("npm");
  }

  /** Copies the sources and installs their packages unless {@code installed} already is. */
  void install(String installed) throws Exception {
    Path work = work();
    Files.createDirectories(work);
    try (var files = Files.list(SOURCES.resolve(name))) {
      for (Path file : files.toList()) {
        Files.copy(file, work.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    if (dependency != null) {
      Path manifest = work.resolve("package.json");
      String pinned =
          Files.readString(manifest)
              .replaceFirst(
                  "\"" + java.util.regex.Pattern.quote(dependency) + "\": \"[^\"]*\"",
                  "\"" + dependency + "\": \"" + version + "\"");
      assertThat(pinned).as("package.json pins " + dependency).contains(version);
      Files.writeString(manifest, pinned);
    }
    if (!Files.isDirectory(work.resolve("node_modules").resolve(installed))) {
      assertThat(run(List.of("npm", "install", "--no-audit", "--no-fund"), Map.of(), 300))
          .as("npm install in " + work)
          .contains("added");
    }
  }

  /**
   * Runs {@code <name>.mjs} against {@code stack}'s ingest with its key ({@code THREADLINE_URL},
   * {@code THREADLINE_API_KEY}), and fails unless it printed {@code <name>: ok}.
   */
  void check(StackClient stack) throws Exception {
    String output =
        run(
            List.of("node", name + ".mjs"),
            Map.of("THREADLINE_URL", stack.ingest(), "THREADLINE_API_KEY", stack.apiKey()),
            300);
    assertThat(output).as(output).contains(name + ": ok");
  }

  /** Runs {@code command} in the folder with {@code environment}; its output, or a failure. */
  String run(List<String> command, Map<String, String> environment, int seconds) throws Exception {
    Path output = work().resolve("output.txt");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(work().toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile());
    builder.environment().putAll(environment);
    Process process = builder.start();
    process.getOutputStream().close();
    boolean done = process.waitFor(seconds, TimeUnit.SECONDS);
    String text = Files.readString(output, StandardCharsets.UTF_8);
    if (!done) {
      process.destroyForcibly();
      throw new AssertionError(command + " did not finish in " + seconds + " s: " + text);
    }
    assertThat(process.exitValue()).as(command + ": " + text).isZero();
    return text;
  }

  /**
   * Starts {@code command} in the folder with {@code environment}, its output going to {@code
   * <name>.out} there ({@link #output}); the caller stops it.
   */
  Process spawn(List<String> command, Map<String, String> environment) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(work().toFile())
            .redirectErrorStream(true)
            .redirectOutput(work().resolve(name + ".out").toFile());
    builder.environment().putAll(environment);
    Process process = builder.start();
    process.getOutputStream().close();
    return process;
  }

  /** What a spawned command has written so far. */
  String output() throws Exception {
    Path out = work().resolve(name + ".out");
    return Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
  }

  private Path work() {
    return Path.of("target", dependency == null ? name : name + "-" + version);
  }

  private static boolean onPath(String tool) {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }
}
