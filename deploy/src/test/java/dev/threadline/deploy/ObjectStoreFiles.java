package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.config.ApiKeys;
import dev.threadline.files.ThreadFileStores;
import dev.threadline.testkit.S3Server;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The stack's threads' files are in the bucket of the S3-compatible server the stack was given, and
 * none in its folder: every service read and wrote them there.
 */
record ObjectStoreFiles(S3Server server, String bucket, Path data) {
  void assertAllInTheBucket() throws Exception {
    assertThat(
            ThreadFileStores.from(server.filesSettings(bucket), null)
                .usage(ApiKeys.LOCAL_TENANT, null)
                .files())
        .as("files the acceptances uploaded and tools wrote, in the bucket")
        .isPositive();
    Path folder = data.resolve("blobs");
    if (Files.exists(folder)) {
      try (Stream<Path> files = Files.walk(folder)) {
        assertThat(files.filter(Files::isRegularFile)).as("files in the folder").isEmpty();
      }
    }
  }
}
