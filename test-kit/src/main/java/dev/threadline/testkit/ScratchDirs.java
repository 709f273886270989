package dev.threadline.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Temporary directories for tests (state directories, attachment stores, browser profiles) that are
 * deleted when the test JVM exits, so repeated test runs do not fill {@code /tmp}. A test that
 * restarts an application on the same directory keeps it for the whole run; one JVM-exit hook
 * deletes them all.
 */
public final class ScratchDirs {
  private static final Logger log = LoggerFactory.getLogger(ScratchDirs.class);
  private static final List<Path> created = new ArrayList<>();
  private static boolean hooked;

  private ScratchDirs() {}

  /** A new empty directory under the system temp directory, deleted at JVM exit. */
  public static Path create(String prefix) {
    try {
      Path dir = Files.createTempDirectory(prefix);
      synchronized (created) {
        if (!hooked) {
          // Registered on first use, not in a static initializer: deleteRecursively may be the
          // first use, from another shutdown hook, when no hook can be added any more.
          Runtime.getRuntime()
              .addShutdownHook(new Thread(ScratchDirs::deleteAll, "scratch-dirs-cleanup"));
          hooked = true;
        }
        created.add(dir);
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteAll() {
    synchronized (created) {
      created.forEach(ScratchDirs::deleteRecursively);
      created.clear();
    }
  }

  /** Deletes a directory and everything in it; a failure is logged, not thrown. */
  public static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      log.warn("could not delete {}", dir, e);
    }
  }
}
