package dev.threadline.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Threads' files in a shared folder. */
class FolderThreadFilesTest extends ThreadFilesContract {
  @TempDir Path root;

  @Override
  ThreadFiles files() {
    return new FolderThreadFiles(root);
  }

  @Test
  void noPathResolvesOutsideTheThreadOrToItsContentTypeNotes() throws Exception {
    FolderThreadFiles files = new FolderThreadFiles(root);
    files.write("acme", "t1", "/attachments/a.txt", "text/plain", bytes("x"), 100);

    assertThat(files.resolve("acme", "t1", "/../t2/a.txt")).isEmpty();
    assertThat(files.resolve("acme", "t1", "/.types/attachments/a.txt.type")).isEmpty();
    assertThat(files.resolve("acme", "t1", "")).isEmpty();
    assertThat(Files.readString(files.resolve("acme", "t1", "/attachments/a.txt").orElseThrow()))
        .isEqualTo("x");
  }
}
