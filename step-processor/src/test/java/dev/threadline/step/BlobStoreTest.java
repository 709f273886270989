package dev.threadline.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.files.FolderThreadFiles;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlobStoreTest {

  @Test
  void copiesAttachmentsIntoTheOtherThreadsFolderUnderTheSamePath() throws Exception {
    Path root = ScratchDirs.create("blobs-");
    BlobStore blobs = BlobStore.local(root);
    givenFile(root, "docs/spec.md", "# spec");

    List<Attachment> copied =
        blobs.copy(
            "acme",
            "t-1",
            List.of(
                new Attachment("docs/spec.md", "text/markdown", null, null),
                new Attachment("missing.txt", null, null, null)),
            "t-1/helper-1.1.0");

    assertThat(copied).containsExactly(new Attachment("docs/spec.md", "text/markdown", null, 6L));
    assertThat(
            Files.readString(
                new FolderThreadFiles(root)
                    .folder("acme", "t-1/helper-1.1.0")
                    .resolve("docs/spec.md")))
        .isEqualTo("# spec");
    assertThat(
            new FolderThreadFiles(root).folder("acme", "t-1/helper-1.1.0").getFileName().toString())
        .isEqualTo("t-1%2Fhelper-1.1.0");
    assertThat(
            blobs.copy(
                "acme", "t-1", List.of(new Attachment("../t-2/secret", null, null, null)), "t-3"))
        .isEmpty();
  }

  @Test
  void aThreadsPathWithItsLeadingSlashIsCopiedAndAnotherTenantReachesNothing() throws Exception {
    Path root = ScratchDirs.create("blobs-");
    BlobStore blobs = BlobStore.local(root);
    givenFile(root, "attachments/a.png", "png");

    assertThat(
            blobs.copy(
                "acme",
                "t-1",
                List.of(new Attachment("/attachments/a.png", null, null, null)),
                "t-2"))
        .extracting(Attachment::path)
        .containsExactly("/attachments/a.png");
    assertThat(
            blobs.copy(
                "other",
                "t-1",
                List.of(new Attachment("/attachments/a.png", null, null, null)),
                "t-2"))
        .isEmpty();
    assertThat(new FolderThreadFiles(root).folder("other", "t-1"))
        .isNotEqualTo(new FolderThreadFiles(root).folder("acme", "t-1"));
  }

  /** Thread t-1 of acme holds {@code text} at {@code path}. */
  private static void givenFile(Path root, String path, String text) throws Exception {
    Path source = new FolderThreadFiles(root).folder("acme", "t-1").resolve(path);
    Files.createDirectories(source.getParent());
    Files.writeString(source, text);
  }
}
