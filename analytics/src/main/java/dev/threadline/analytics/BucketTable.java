package dev.threadline.analytics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A table's files as objects of a bucket, under {@code prefix} ({@code [prefix]events/…}): each put
 * is one PUT, so a reader of the bucket sees a file whole or not at all.
 */
final class BucketTable implements TableFiles {
  private final S3Client s3;
  private final String bucket;
  private final String prefix;

  BucketTable(S3Client s3, String bucket, String prefix) {
    this.s3 = s3;
    this.bucket = bucket;
    this.prefix = prefix;
  }

  @Override
  public List<String> list(String under) throws IOException {
    try {
      List<String> keys = new ArrayList<>();
      for (S3Object o :
          s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix + under)).contents()) {
        if (o.key().endsWith(".parquet")) {
          keys.add(o.key().substring(prefix.length()));
        }
      }
      return keys;
    } catch (SdkException e) {
      throw new IOException("the object store refused a listing: " + e.getMessage(), e);
    }
  }

  @Override
  public void put(String key, Path local) throws IOException {
    try {
      s3.putObject(
          b -> b.bucket(bucket).key(prefix + key).contentType("application/vnd.apache.parquet"),
          RequestBody.fromFile(local));
    } catch (SdkException e) {
      throw new IOException("the object store refused " + key + ": " + e.getMessage(), e);
    }
    Files.delete(local);
  }

  @Override
  public Path fetch(String key, Path scratch) throws IOException {
    Path local = scratch.resolve(key.replace('/', '_'));
    Files.deleteIfExists(local);
    try {
      s3.getObject(b -> b.bucket(bucket).key(prefix + key), local);
    } catch (SdkException e) {
      throw new IOException("the object store refused to read " + key + ": " + e.getMessage(), e);
    }
    return local;
  }

  @Override
  public void delete(String key) throws IOException {
    try {
      s3.deleteObject(b -> b.bucket(bucket).key(prefix + key));
    } catch (SdkException e) {
      throw new IOException("the object store refused to delete " + key + ": " + e.getMessage(), e);
    }
  }
}
