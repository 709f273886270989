package dev.threadline.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the launcher runs the stack from, as the build hands it over: the class path of the broker
 * and the services, the registry's jar and the ingest service's jar.
 */
record StackBuild(String classpath, Path registryJar, Path ingestJar) {
  /** The options the {@code threadline} script passes every stack command itself. */
  static final Set<String> OPTIONS = Set.of("classpath-file", "registry-jar", "ingest-jar");

  /** {@code own} and the script's {@link #OPTIONS}: what a stack command accepts. */
  static Set<String> withOptions(String... own) {
    Set<String> all = new HashSet<>(OPTIONS);
    all.addAll(List.of(own));
    return java.util.Set.copyOf(all);
  }

  /**
   * From the launcher's {@code --classpath-file}, {@code --registry-jar} and {@code --ingest-jar}.
   */
  static StackBuild from(Map<String, String> options) throws IOException {
    return new StackBuild(
        Files.readString(Path.of(options.get("classpath-file"))).trim(),
        Path.of(options.get("registry-jar")).toAbsolutePath(),
        Path.of(options.get("ingest-jar")).toAbsolutePath());
  }
}
