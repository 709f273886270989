package dev.threadline.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.threadline.testkit.S3Server;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Threads' files on a real S3-compatible server — S3Proxy, started here, checking AWS signatures as
 * S3 does — through the AWS SDK v2, configured as a service is ({@link ThreadFileStores}).
 */
class S3ThreadFilesIT extends ThreadFilesContract {
  private static S3Server server;

  @BeforeAll
  static void start() throws Exception {
    server = S3Server.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Override
  ThreadFiles files() {
    return ThreadFileStores.from(
        server.filesSettings(server.bucket("files-" + UUID.randomUUID())), null);
  }

  @Test
  void theStoreIsChosenBySettingsAndABucketIsRequired() throws Exception {
    assertThat(files()).isInstanceOf(S3ThreadFiles.class);
    assertThatThrownBy(() -> ThreadFileStores.from(Map.of("threadline.files.store", "s3"), null))
        .hasMessageContaining("threadline.files.s3.bucket is required");
    assertThatThrownBy(() -> ThreadFileStores.from(Map.of("threadline.files.store", "tape"), null))
        .hasMessageContaining("folder or s3");
  }

  @Test
  void aWrongSecretIsAnIoErrorNotALostFile() {
    Map<String, String> wrong =
        new java.util.HashMap<>(server.filesSettings(server.bucket("files-" + UUID.randomUUID())));
    wrong.put("threadline.files.s3.secret.key", "not-it");
    ThreadFiles files = ThreadFileStores.from(wrong, null);

    assertThatThrownBy(
            () -> files.write("acme", "t1", "/attachments/a.txt", "text/plain", bytes("x"), 10))
        .isInstanceOf(java.io.IOException.class)
        .hasMessageContaining("object store");
  }
}
