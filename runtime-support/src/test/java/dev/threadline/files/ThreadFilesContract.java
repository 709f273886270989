package dev.threadline.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What every store of threads' files keeps: content types, copies between threads, tenants and
 * threads apart, the size cap, staged files placed once, deletion, and the quota's counts. Run on
 * the folder ({@link FolderThreadFilesTest}) and on a real S3-compatible server ({@link
 * S3ThreadFilesIT}).
 */
abstract class ThreadFilesContract {
  /** A store with nothing in it. */
  abstract ThreadFiles files() throws Exception;

  static ByteArrayInputStream bytes(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  static String read(ThreadFiles files, String tenant, String thread, String path)
      throws IOException {
    try (InputStream in = files.open(tenant, thread, path).orElseThrow()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aFileKeepsItsContentTypeAndIsListedAndCopiedToAnotherThread() throws Exception {
    ThreadFiles files = files();
    var stored = files.write("acme", "t/1", "/attachments/a.png", "image/png", bytes("png!"), 100);

    assertThat(stored).isEqualTo(new ThreadFiles.Stored("/attachments/a.png", "image/png", 4));
    assertThat(files.list("acme", "t/1")).containsExactly(stored);
    var copied = files.copy("acme", "t/1", "/attachments/a.png", "t/1/child");
    assertThat(copied).contains(new ThreadFiles.Stored("/attachments/a.png", "image/png", 4));
    assertThat(read(files, "acme", "t/1/child", "/attachments/a.png")).isEqualTo("png!");
    assertThat(files.list("acme", "t/1")).as("a child's files are not its parent's").hasSize(1);

    files.write("acme", "t/1/child", "/attachments/a.png", "image/png", bytes("new!"), 100);
    assertThat(read(files, "acme", "t/1", "/attachments/a.png"))
        .as("a thread's write leaves the other's copy")
        .isEqualTo("png!");
  }

  @Test
  void pathsOutsideTheThreadAndAnotherTenantsFilesAreOutOfReach() throws Exception {
    ThreadFiles files = files();
    files.write("acme", "t1", "/attachments/a.txt", "text/plain", bytes("x"), 100);

    assertThat(files.open("acme", "t1", "/../t2/a.txt")).isEmpty();
    assertThat(files.stat("acme", "t1", "")).isEmpty();
    assertThat(files.copy("acme", "t1", "/attachments/../../t2/a.txt", "t3")).isEmpty();
    assertThat(files.list("other", "t1")).isEmpty();
    assertThat(files.stat("other", "t1", "/attachments/a.txt")).isEmpty();
    assertThat(files.open("other", "t1", "/attachments/a.txt")).isEmpty();
    assertThat(files.list("acme", "t")).as("t1's files are not t's").isEmpty();
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
    assertThat(files.list("acme", "t1")).as("a staged file is not the thread's yet").isEmpty();

    files.place("acme", "t1", staged, "/attachments/r.md");
    files.place(
        "acme", "t1", staged, "/attachments/r.md"); // the result applied again after a crash

    assertThat(files.list("acme", "t1"))
        .containsExactly(new ThreadFiles.Stored("/attachments/r.md", "text/markdown", 3));
    assertThat(read(files, "acme", "t1", "/attachments/r.md")).isEqualTo("# r");
    assertThatThrownBy(() -> files.place("acme", "t1", "never.staged", "/attachments/x.md"))
        .hasMessageContaining("is gone");
    assertThatThrownBy(() -> files.place("acme", "t1", "../../escape", "/attachments/y.md"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aDeletedFileAndADeletedThreadsFilesAreGoneAndOthersStay() throws Exception {
    ThreadFiles files = files();
    files.write("acme", "t1", "/attachments/a.txt", "text/plain", bytes("a"), 100);
    files.write("acme", "t1", "/attachments/b/c.txt", "text/plain", bytes("bc"), 100);
    files.write("acme", "t2", "/attachments/a.txt", "text/plain", bytes("other"), 100);

    assertThat(files.delete("acme", "t1", "/attachments/a.txt")).isTrue();
    assertThat(files.delete("acme", "t1", "/attachments/a.txt")).isFalse();
    assertThat(files.list("acme", "t1"))
        .extracting(ThreadFiles.Stored::path)
        .containsExactly("/attachments/b/c.txt");
    files.deleteThread("acme", "t1");
    files.deleteThread("acme", "t1"); // done already is done

    assertThat(files.list("acme", "t1")).isEmpty();
    assertThat(read(files, "acme", "t2", "/attachments/a.txt")).isEqualTo("other");
  }

  @Test
  void theQuotaCountsWhatTheThreadAndTheTenantHold() throws Exception {
    ThreadFiles files = files();
    files.write("acme", "t1", "/attachments/a.txt", "text/plain", bytes("12345"), 100);
    files.write("acme", "t2", "/attachments/b.txt", "text/plain", bytes("123"), 100);
    files.write("other", "t1", "/attachments/c.txt", "text/plain", bytes("1"), 100);

    assertThat(files.usage("acme", "t1")).isEqualTo(new FileQuota.Usage(1, 5));
    assertThat(files.usage("acme", null)).isEqualTo(new FileQuota.Usage(2, 8));
    FileQuota.Room room = files.room("acme", "t1", "/attachments/new.txt");
    assertThat(room.refusal()).isNull();
    assertThat(room.bytes()).isPositive();
  }
}
