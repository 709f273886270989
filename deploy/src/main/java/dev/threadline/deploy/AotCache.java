package dev.threadline.deploy;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The service JVMs' ahead-of-time caches (JDK 25, JEPs 483, 514 and 515): classes loaded and
 * linked, and the method profiles of a training run, so that a service restarted after a crash
 * starts sooner and its JIT compiles the hot paths without profiling them again — what a step
 * processor's backlog after a SIGKILL waited on (docs/operations.md, Chaos). A service without a
 * cache records one and writes it as it exits cleanly (which makes that stop take longer); a
 * service with one starts from it. Caches live under {@code THREADLINE_AOT_DIR}, one directory per
 * build (a fingerprint of the class path's jars, since the JVM ignores a cache of other jars), and
 * the directories of older builds are deleted. {@code ./threadline up} and {@code chaos} set it to
 * {@code .threadline/aot}; unset, or {@code off}, the services run without.
 */
record AotCache(Path dir) {
  static final AotCache NONE = new AotCache(null);

  static AotCache fromEnvironment() {
    String dir = System.getenv("THREADLINE_AOT_DIR");
    return dir == null || dir.isBlank() || dir.equals("off") ? NONE : new AotCache(Path.of(dir));
  }

  private boolean on() {
    return dir != null && Runtime.version().feature() >= 25;
  }

  /**
   * The class path a service runs from: with a cache its jars only, since the JVM neither records
   * nor uses one with a non-empty directory on the class path (the launcher's own classes, which no
   * service loads, come first on the stack's).
   */
  String classpath(String classpath) {
    if (!on()) {
      return classpath;
    }
    return Arrays.stream(classpath.split(File.pathSeparator))
        .filter(entry -> !Files.isDirectory(Path.of(entry)))
        .collect(Collectors.joining(File.pathSeparator));
  }

  /** The JVM options for {@code service} run from {@code classpath}: none when off. */
  List<String> options(String service, String classpath) throws IOException {
    if (!on()) {
      return List.of();
    }
    String build = fingerprint(classpath(classpath));
    Path buildDir = Files.createDirectories(dir.resolve(build));
    try (var builds = Files.list(dir)) {
      builds.filter(d -> !d.getFileName().toString().equals(build)).forEach(AotCache::delete);
    }
    // Instances of a cluster share their service's cache, which only the first records: two JVMs
    // writing one file as they stop could leave it torn.
    Path cache = buildDir.resolve(service.replaceAll("-\\d+$", "") + ".aot").toAbsolutePath();
    if (Files.isRegularFile(cache)) {
      return List.of("-XX:AOTCache=" + cache);
    }
    return service.matches(".*-([2-9]|\\d{2,})$")
        ? List.of()
        : List.of("-XX:AOTCacheOutput=" + cache);
  }

  /** The class path's entries with each jar's size and modification time, hashed. */
  static String fingerprint(String classpath) throws IOException {
    StringBuilder entries = new StringBuilder();
    for (String entry : classpath.split(File.pathSeparator)) {
      Path jar = Path.of(entry);
      entries.append(entry).append('\n');
      if (Files.isRegularFile(jar)) {
        entries.append(Files.size(jar)).append(' ').append(Files.getLastModifiedTime(jar));
      }
    }
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest(entries.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(hash, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static void delete(Path oldBuild) {
    try (var files = Files.list(oldBuild)) {
      for (Path file : files.toList()) {
        Files.deleteIfExists(file);
      }
      Files.deleteIfExists(oldBuild);
    } catch (IOException e) {
      // Another stack may be writing there; its files go with a later start.
    }
  }
}
