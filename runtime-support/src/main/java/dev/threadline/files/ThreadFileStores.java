package dev.threadline.files;

import java.nio.file.Path;
import java.util.Map;

/**
 * The thread files a service's settings name, the same for every service: {@code
 * threadline.files.store} {@code folder} (the default: {@code threadline.blobs.dir}, shared by
 * every service) or {@code s3}: a bucket of S3-compatible storage, described by {@code
 * threadline.files.s3.*} ({@link S3Clients}).
 */
public final class ThreadFileStores {
  private static final String S3 = "threadline.files.s3";

  private ThreadFileStores() {}

  /** The store {@code settings} name; {@code folder}: where the folder store lives. */
  public static ThreadFiles from(Map<String, ?> settings, Path folder) {
    FileQuota quota = FileQuota.from(settings);
    String store = S3Clients.text(settings, "threadline.files.store", "folder");
    return switch (store) {
      case "folder" -> new FolderThreadFiles(folder, quota);
      case "s3" ->
          new S3ThreadFiles(
              S3Clients.from(settings, S3),
              S3Clients.bucket(settings, S3, "threadline.files.store=s3"),
              S3Clients.keyPrefix(settings, S3),
              quota);
      default ->
          throw new IllegalArgumentException(
              "threadline.files.store is '" + store + "': it is folder or s3");
    };
  }
}
