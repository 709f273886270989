package dev.threadline.analytics;

import dev.threadline.files.S3Clients;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where the tables' Parquet files are, by key relative to the table ({@code
 * tenant_id=…/day=…/p0-o12-….parquet}): a folder ({@link FolderTable}, {@code
 * threadline.analytics.store=folder}, the default) or a bucket of S3-compatible storage ({@link
 * BucketTable}, {@code s3}, described by {@code threadline.analytics.s3.*}). A file is written
 * whole elsewhere and then put in place, so a reader sees it all or not at all.
 */
interface TableFiles {
  String STORE = "threadline.analytics.store";
  String S3 = "threadline.analytics.s3";

  /** The keys of the files under {@code under} (a key prefix, {@code ""} for all). */
  List<String> list(String under) throws IOException;

  /**
   * Puts the file {@code local} at {@code key}, replacing what was there; {@code local} is gone.
   */
  void put(String key, Path local) throws IOException;

  /** The file at {@code key}, readable at the path returned ({@code scratch}: where one may go). */
  Path fetch(String key, Path scratch) throws IOException;

  void delete(String key) throws IOException;

  /** The table {@code name} the settings name; a folder's under {@code dir}. */
  static TableFiles from(Map<String, ?> settings, Path dir, String name) {
    Object store = settings.get(STORE);
    String kind = store == null || store.toString().isBlank() ? "folder" : store.toString().trim();
    return switch (kind) {
      case "folder" -> new FolderTable(dir.resolve(name));
      case "s3" ->
          new BucketTable(
              S3Clients.from(settings, S3),
              S3Clients.bucket(settings, S3, STORE + "=s3"),
              S3Clients.keyPrefix(settings, S3) + name + "/");
      default -> throw new IllegalArgumentException(STORE + " is '" + kind + "': folder or s3");
    };
  }
}
