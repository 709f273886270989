package dev.threadline.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** {@code .threadline/pids}: the processes a launcher started, so {@code down} can stop them. */
final class Pids {
  private Pids() {}

  private static Path file(Path home) {
    return home.resolve("pids");
  }

  static synchronized void record(Path home, String name, long pid) {
    try {
      Files.writeString(
          file(home),
          name + " " + pid + "\n",
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void clear(Path home) {
    try {
      Files.deleteIfExists(file(home));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<ProcessHandle> alive(Path home) {
    if (!Files.exists(file(home))) {
      return List.of();
    }
    List<ProcessHandle> handles = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(file(home))) {
        String[] parts = line.trim().split(" ");
        if (parts.length == 2) {
          Optional<ProcessHandle> handle = ProcessHandle.of(Long.parseLong(parts[1]));
          handle
              .filter(ProcessHandle::isAlive)
              .filter(h -> h.info().command().map(c -> c.contains("java")).orElse(true))
              .ifPresent(handles::add);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return handles;
  }

  private static Optional<ProcessHandle> launcher(Path home) {
    if (!Files.exists(file(home))) {
      return Optional.empty();
    }
    try {
      for (String line : Files.readAllLines(file(home))) {
        String[] parts = line.trim().split(" ");
        if (parts.length == 2 && parts[0].equals("launcher")) {
          return ProcessHandle.of(Long.parseLong(parts[1])).filter(ProcessHandle::isAlive);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Optional.empty();
  }

  static boolean anyAlive(Path home) {
    return !alive(home).isEmpty();
  }

  /**
   * Stops every recorded process still alive: the launcher first (it stops its processes in order
   * and, supervising them, would otherwise start again what is stopped under it), then any left,
   * newest first.
   */
  static boolean stopAll(Path home) {
    Optional<ProcessHandle> launcher = launcher(home);
    launcher.ifPresent(
        h -> {
          h.destroy();
          try {
            h.onExit().get(60, TimeUnit.SECONDS);
          } catch (Exception e) {
            h.destroyForcibly();
          }
        });
    List<ProcessHandle> handles = new ArrayList<>(alive(home));
    if (handles.isEmpty() && launcher.isPresent()) {
      clear(home);
      System.out.println("stopped the stack (its launcher stopped its processes)");
      return true;
    }
    if (handles.isEmpty()) {
      System.out.println("no Threadline stack is running from " + home);
      clear(home);
      return true;
    }
    Collections.reverse(handles);
    for (ProcessHandle h : handles) {
      h.destroy();
      try {
        h.onExit().get(20, TimeUnit.SECONDS);
      } catch (Exception e) {
        h.destroyForcibly();
      }
    }
    clear(home);
    System.out.println("stopped " + handles.size() + " processes");
    return true;
  }
}
