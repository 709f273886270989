package dev.threadline.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Threads' files on the shared volume. */
class ThreadFilesTest {
  @TempDir Path root;

  private ThreadFiles files() {
    return new ThreadFiles(root);
  }

  private static ByteArrayInputStream bytes(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aFileKeepsItsContentTypeAndIsListedAndCopiedToAnotherThread() throws Exception {
    ThreadFiles files = files();
    var stored = files.write("acme", "t/1", "/attachments/a.png", "image/png", bytes("png!"), 100);

    assertThat(stored).isEqualTo(new ThreadFiles.Stored("/attachments/a.png", "image/png", 4));
    assertThat(files.list("acme", "t/1")).containsExactly(stored);
    var copied = files.copy("acme", "t/1", "/attachments/a.png", "t/1/child");
    assertThat(copied).contains(new ThreadFiles.Stored("/attachments/a.png", "image/png", 4));
    assertThat(
            Files.readString(
                files.resolve("acme", "t/1/child", "/attachments/a.png").orElseThrow()))
        .isEqualTo("png!");
  }

  @Test
  void pathsOutsideTheThreadAndAnotherTenantsFilesAreOutOfReach() throws Exception {
    ThreadFiles files = files();
    files.write("acme", "t1", "/attachments/a.txt", "text/plain", bytes("x"), 100);

    assertThat(files.resolve("acme", "t1", "/../t2/a.txt")).isEmpty();
    assertThat(files.resolve("acme", "t1", "/.types/attachments/a.txt.type")).isEmpty();
    assertThat(files.resolve("acme", "t1", "")).isEmpty();
    assertThat(files.list("other", "t1")).isEmpty();
    assertThat(files.stat("other", "t1", "/attachments/a.txt")).isEmpty();
  }

  @Test
  void aFileOverTheCapIsRefusedAndNothingOfItIsKept() throws Exception {
    ThreadFiles files = files();

    assertThatThrownBy(
            () -> files.write("acme", "t1", "/attachments/big.bin", null, bytes("0123456789"), 5))
        .isInstanceOf(ThreadFiles.TooLarge.class)
        .hasMessageContaining("at most 5 bytes");
    assertThat(files.list("acme", "t1")).isEmpty();
  }

  @Test
  void aStagedFilePlacedAgainOnAReplayIsPlacedOnceAndAMissingOneIsAnError() throws Exception {
    ThreadFiles files = files();
    String staged = files.stage("acme", "t1", "r-1.staged", "text/markdown", "# r".getBytes());

    files.place("acme", "t1", staged, "/attachments/r.md");
    files.place(
        "acme", "t1", staged, "/attachments/r.md"); // the result applied again after a crash

    assertThat(files.list("acme", "t1"))
        .containsExactly(new ThreadFiles.Stored("/attachments/r.md", "text/markdown", 3));
    assertThatThrownBy(() -> files.place("acme", "t1", "never.staged", "/attachments/x.md"))
        .hasMessageContaining("is gone");
    assertThatThrownBy(() -> files.place("acme", "t1", "../../escape", "/attachments/y.md"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
