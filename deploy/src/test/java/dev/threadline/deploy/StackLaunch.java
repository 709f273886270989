package dev.threadline.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How the stack ITs start a launcher as the {@code threadline} script does: its class path and
 * jars.
 */
final class StackLaunch {
  private StackLaunch() {}

  /** The launcher's class path: this module's classes and the stack's dependencies. */
  static String classpath() throws IOException {
    // The test classes too: the ITs' executor runs the test tools (ProbeTools) as a user's jar.
    return Path.of("target/classes").toAbsolutePath()
        + java.io.File.pathSeparator
        + Path.of("target/test-classes").toAbsolutePath()
        + java.io.File.pathSeparator
        + Files.readString(Path.of("target/stack-classpath.txt")).trim();
  }

  /** The class path written to {@code dir/classpath.txt}, as {@code --classpath-file} wants. */
  static Path classpathFile(Path dir) throws IOException {
    Path file = dir.resolve("classpath.txt");
    Files.writeString(file, classpath());
    return file;
  }

  /** {@code java [jvmOptions] -cp … main args}. */
  static List<String> java(List<String> jvmOptions, Class<?> main, List<String> args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classpath(), main.getName()));
    command.addAll(args);
    return command;
  }

  /** What a launcher run printed, and how it exited. */
  record Run(int exitValue, String report) {}

  /**
   * Runs launcher {@code main} with {@code options}, its class path and jars, its temp files in
   * {@code tmp}, until it exits (at most {@code timeout}).
   */
  static Run launch(
      Class<?> main, Path tmp, List<String> jvmOptions, List<String> options, Duration timeout)
      throws Exception {
    List<String> args = new ArrayList<>(options);
    args.addAll(List.of("--classpath-file", classpathFile(tmp).toString()));
    args.addAll(jars());
    List<String> jvm = new ArrayList<>(jvmOptions);
    jvm.add("-Djava.io.tmpdir=" + tmp);
    Process process = new ProcessBuilder(java(jvm, main, args)).redirectErrorStream(true).start();
    byte[] out = process.getInputStream().readAllBytes();
    if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(main.getSimpleName() + " did not exit within " + timeout);
    }
    return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8));
  }

  /** The registry's and the ingest service's packaged jars. */
  static List<String> jars() {
    return List.of(
        "--registry-jar",
        Path.of("target/apicurio-registry/quarkus-run.jar").toAbsolutePath().toString(),
        "--ingest-jar",
        Path.of("../ingest-service/target/quarkus-app/quarkus-run.jar")
            .toAbsolutePath()
            .toString());
  }
}
