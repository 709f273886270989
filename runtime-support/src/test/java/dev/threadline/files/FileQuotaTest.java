package dev.threadline.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a thread and a tenant may keep in the shared files folder, counted from the folder: here 2
 * files and 100 bytes a thread, 3 files and 150 bytes a tenant, 80 bytes a file.
 */
class FileQuotaTest {
  @TempDir Path root;

  private final FileQuota quota = new FileQuota(80, 2, 100, 3, 150);

  private FolderThreadFiles files() {
    return new FolderThreadFiles(root, quota);
  }

  private static void write(ThreadFiles files, String thread, String path, int bytes)
      throws Exception {
    files.write(
        "acme", thread, path, "text/plain", new ByteArrayInputStream(new byte[bytes]), 1_000);
  }

  @Test
  void theRoomIsTheSmallestOfTheFileTheThreadAndTheTenantQuota() throws Exception {
    ThreadFiles files = files();
    assertThat(files.room("acme", "t1", "/attachments/a").bytes()).isEqualTo(80);

    write(files, "t1", "/attachments/a", 60);
    FileQuota.Room room = files.room("acme", "t1", "/attachments/b");
    assertThat(room.bytes()).isEqualTo(40);
    assertThat(room.setting()).isEqualTo("threadline.files.bytes.per.thread");

    write(files, "t2", "/attachments/a", 70);
    room = files.room("acme", "t3", "/attachments/a");
    assertThat(room.bytes()).isEqualTo(20);
    assertThat(room.setting()).isEqualTo("threadline.files.bytes.per.tenant");
    assertThat(files.room("other", "t3", "/attachments/a").bytes()).isEqualTo(80);
  }

  @Test
  void aThreadAtItsFileCountMayReplaceAFileButNotAddOne() throws Exception {
    ThreadFiles files = files();
    write(files, "t1", "/attachments/a", 10);
    write(files, "t1", "/attachments/b", 10);

    FileQuota.Room room = files.room("acme", "t1", "/attachments/c");
    assertThat(room.refusal()).contains("the thread has 2 files", "threadline.files.per.thread");
    assertThat(files.room("acme", "t1", "/attachments/b").refusal()).isNull();
    assertThat(files.room("acme", "t1", "/attachments/b").bytes()).isEqualTo(80);

    assertThat(files.delete("acme", "t1", "/attachments/b")).isTrue();
    assertThat(files.room("acme", "t1", "/attachments/c").refusal()).isNull();
    assertThat(files.delete("acme", "t1", "/attachments/b")).isFalse();
  }

  @Test
  void aTenantWithNoBytesLeftIsRefusedNamingItsQuota() throws Exception {
    ThreadFiles files = files();
    write(files, "t1", "/attachments/a", 80);
    write(files, "t2", "/attachments/a", 70);

    FileQuota.Room room = files.room("acme", "t3", "/attachments/a");
    assertThat(room.refusal()).contains("threadline.files.bytes.per.tenant", "150");
  }

  @Test
  void aFileGivenToAChildCostsTheTenantItsBytesOnceAndStaysTheParentsWhenTheChildWrites()
      throws Exception {
    FolderThreadFiles files = files();
    write(files, "t1", "/attachments/a", 60);
    files.copy("acme", "t1", "/attachments/a", "t1/child");

    assertThat(FileQuota.usage(files.tenantFolder("acme"), 1))
        .isEqualTo(new FileQuota.Usage(1, 60));
    assertThat(FileQuota.usage(files.folder("acme", "t1/child"), 0))
        .isEqualTo(new FileQuota.Usage(1, 60));

    write(files, "t1/child", "/attachments/a", 5);
    assertThat(Files.size(files.resolve("acme", "t1", "/attachments/a").orElseThrow()))
        .isEqualTo(60);
    assertThat(FileQuota.usage(files.tenantFolder("acme"), 1))
        .isEqualTo(new FileQuota.Usage(2, 65));
  }
}
