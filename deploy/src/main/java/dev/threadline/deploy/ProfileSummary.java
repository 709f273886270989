package dev.threadline.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a process's CPU went, from a profile's collapsed stacks ({@code frame;frame;… samples} a
 * line): its hottest frames by self time (the frame a sample was taken in) and by the library or
 * package that frame belongs to, each as a share of all samples — which the bench turns into CPU
 * milliseconds per step.
 */
record ProfileSummary(long samples, Map<String, Long> frames, Map<String, Long> packages) {
  /** Reads a collapsed-stacks file. */
  static ProfileSummary of(Path collapsed) throws IOException {
    return of(Files.readAllLines(collapsed));
  }

  static ProfileSummary of(List<String> lines) {
    long total = 0;
    Map<String, Long> frames = new TreeMap<>();
    Map<String, Long> packages = new TreeMap<>();
    for (String line : lines) {
      int space = line.lastIndexOf(' ');
      if (space < 0) {
        continue;
      }
      long count = Long.parseLong(line.substring(space + 1).trim());
      String stack = line.substring(0, space);
      String leaf = stack.substring(stack.lastIndexOf(';') + 1);
      total += count;
      frames.merge(leaf, count, Long::sum);
      packages.merge(owner(stack.split(";")), count, Long::sum);
    }
    return new ProfileSummary(total, top(frames), top(packages));
  }

  /**
   * What a frame belongs to: a Java frame's first three package names ({@code org/apache/kafka});
   * {@code kernel} for the kernel's ({@code _[k]}: system calls, scheduling, page faults); {@code
   * rocksdb} for RocksDB's native code; {@code JVM} for HotSpot's own (compilers, collectors,
   * stubs); {@code native} for other libraries (libc); the JVM's own threads as it names them
   * ({@code [GC_active]}).
   */
  static String packageOf(String frame) {
    if (frame.endsWith("_[k]")) {
      return "kernel";
    }
    String name = frame.replaceAll("_\\[[a-z0-9]+\\]$", "");
    if (name.startsWith("[")) {
      return name;
    }
    if (name.contains("rocksdb")) {
      return "rocksdb";
    }
    if (name.contains("/") && !name.startsWith("/") && !name.contains(" ")) {
      String[] parts = name.split("/");
      return String.join("/", java.util.Arrays.copyOf(parts, Math.min(3, parts.length - 1)));
    }
    if (name.contains("::") || name.contains("stub") || name.contains("adapter")) {
      return "JVM";
    }
    return "native";
  }

  /**
   * The owner of a sample: the package of its innermost frame that is not the JDK's, the JVM's or
   * the kernel's; the leaf's when every frame is (the JVM's own threads, a system call's).
   */
  static String owner(String[] frames) {
    for (int i = frames.length - 1; i >= 0; i--) {
      String owner = packageOf(frames[i]);
      if (!List.of("kernel", "JVM", "native").contains(owner)
          && !owner.matches("(java|javax|jdk|sun|com/sun)(/.*)?")) {
        return owner;
      }
    }
    return packageOf(frames[frames.length - 1]);
  }

  /** The entries with the most samples first. */
  private static Map<String, Long> top(Map<String, Long> counts) {
    Map<String, Long> ordered = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
        .forEach(e -> ordered.put(e.getKey(), e.getValue()));
    return ordered;
  }

  /** The share of all samples {@code count} is. */
  double share(long count) {
    return samples == 0 ? 0 : (double) count / samples;
  }
}
