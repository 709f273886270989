package dev.threadline.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Scratch directories go when the JVM exits — also when the first use of {@link ScratchDirs} is
 * itself inside a shutdown hook, as when the shared test cluster deletes the broker's data.
 */
class ScratchDirsTest {

  /** Run in a child JVM: makes one scratch dir and one plain dir a shutdown hook deletes. */
  public static void main(String[] args) throws Exception {
    Path plain = Files.createTempDirectory("scratch-dirs-test-plain-");
    Files.writeString(plain.resolve("file"), "x");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> ScratchDirs.deleteRecursively(plain)));
    System.out.println(plain);
    if (args.length > 0) {
      Path scratch = ScratchDirs.create("scratch-dirs-test-");
      Files.createDirectories(scratch.resolve("a/b"));
      System.out.println(scratch);
    }
  }

  @Test
  void directoriesAreDeletedAtExitEvenWhenTheFirstUseIsInAShutdownHook() throws Exception {
    assertThat(runChild()).allSatisfy(dir -> assertThat(dir).doesNotExist()).hasSize(1);
    assertThat(runChild("with-scratch"))
        .allSatisfy(dir -> assertThat(dir).doesNotExist())
        .hasSize(2);
  }

  private static List<Path> runChild(String... args) throws Exception {
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ScratchDirsTest.class.getName()));
    command.addAll(List.of(args));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(out).isZero();
    assertThat(out).as(out).doesNotContain("Exception");
    return out.lines().filter(line -> line.startsWith("/")).map(Path::of).toList();
  }
}
