package dev.threadline.step.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core's shape: every rule in a file that reads in a screen or so, and the behaviour package
 * closed behind its one entry point, so that the vocabulary is all a caller can depend on.
 */
class CoreLayoutTest {
  private static final Path CORE = Path.of("src/main/java/dev/threadline/step/core");
  private static final int MAX_LINES = 300;

  @Test
  void noCoreSourceFileIsLongerThan300Lines() throws IOException {
    try (Stream<Path> files = Files.walk(CORE)) {
      List<Path> sources = files.filter(p -> p.toString().endsWith(".java")).toList();
      assertThat(sources).hasSizeGreaterThan(20);
      for (Path source : sources) {
        assertThat(Files.readAllLines(source))
            .as("%s has more than %d lines", source, MAX_LINES)
            .hasSizeLessThanOrEqualTo(MAX_LINES);
      }
    }
  }

  @Test
  void theMachinePackageExposesOnlyThreadMachine() throws Exception {
    try (Stream<Path> files = Files.list(CORE.resolve("machine"))) {
      List<String> types =
          files
              .map(p -> p.getFileName().toString())
              .filter(name -> name.endsWith(".java") && !name.equals("package-info.java"))
              .map(name -> name.substring(0, name.length() - ".java".length()))
              .toList();
      assertThat(types).contains("ThreadMachine", "Decision", "TurnLoop");
      for (String type : types) {
        Class<?> c = Class.forName("dev.threadline.step.core.machine." + type);
        assertThat(Modifier.isPublic(c.getModifiers()))
            .as("%s is public", type)
            .isEqualTo(type.equals("ThreadMachine"));
      }
    }
  }
}
