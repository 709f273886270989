package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * House rule: no main source file of the repository grows past 400 lines (generated code, which
 * lives under {@code target/}, and third-party code checked in under a {@code vendor} folder,
 * aside). A file that long holds more than one job.
 */
class SourceSizeTest {
  private static final Path ROOT = Path.of("..");
  private static final int MAX_LINES = 400;

  @Test
  void noMainSourceFileIsLongerThan400Lines() throws IOException {
    List<Path> sources = new ArrayList<>();
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path main :
          modules.map(m -> m.resolve("src/main")).filter(Files::isDirectory).toList()) {
        try (Stream<Path> files = Files.walk(main)) {
          files
              .filter(p -> p.toString().matches(".*\\.(java|js|html|css)$"))
              .filter(p -> !p.toString().contains("/vendor/"))
              .forEach(sources::add);
        }
      }
    }
    assertThat(sources).hasSizeGreaterThan(100);
    for (Path source : sources) {
      assertThat(Files.readAllLines(source))
          .as("%s has more than %d lines", ROOT.relativize(source), MAX_LINES)
          .hasSizeLessThanOrEqualTo(MAX_LINES);
    }
  }
}
