package dev.threadline.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.files.S3Clients;
import dev.threadline.testkit.S3Server;
import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The events table in a bucket of a real S3-compatible server (S3Proxy, started here): exactly once
 * across a crash and erased with a deleted thread, as in a folder — the same cases, read back with
 * DuckDB from the objects the bucket holds; the task's folder keeps no table file.
 */
class ParquetSinkTaskOnS3IT extends ParquetSinkTaskTest {
  private static S3Server server;
  private final String bucket = server.bucket("analytics-" + UUID.randomUUID());

  @BeforeAll
  static void start() throws Exception {
    server = S3Server.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Override
  Map<String, String> tables() {
    return Map.of(
        "threadline.analytics.store",
        "s3",
        "threadline.analytics.s3.endpoint",
        server.endpoint(),
        "threadline.analytics.s3.bucket",
        bucket,
        "threadline.analytics.s3.prefix",
        "lake/",
        "threadline.analytics.s3.access.key",
        S3Server.ACCESS_KEY,
        "threadline.analytics.s3.secret.key",
        S3Server.SECRET_KEY);
  }

  /** The bucket's objects under {@code lake/events/}, downloaded as they are laid out there. */
  @Override
  Path readable() throws Exception {
    Path copy = ScratchDirs.create("bucket-");
    try (S3Client s3 = S3Clients.from(tables(), "threadline.analytics.s3")) {
      for (S3Object o :
          s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix("lake/")).contents()) {
        Path local = copy.resolve(o.key());
        Files.createDirectories(local.getParent());
        s3.getObject(b -> b.bucket(bucket).key(o.key()), local);
      }
    }
    return copy.resolve("lake/events");
  }

  @Test
  void theTablesFolderKeepsNoTableFile() throws Exception {
    recordsWrittenAfterTheLastCommitAreWrittenOnceWhenTheyComeAgain();
    try (var files = Files.walk(dir)) {
      assertThat(files.filter(f -> f.toString().endsWith(".parquet"))).isEmpty();
    }
  }
}
