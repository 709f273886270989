package dev.threadline.files;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/**
 * The thread files a service's settings name, the same for every service: {@code
 * threadline.files.store} {@code folder} (the default: {@code threadline.blobs.dir}, shared by
 * every service) or {@code s3} — a bucket of S3-compatible storage ({@code
 * threadline.files.s3.bucket}, required; {@code .endpoint} for a server other than AWS; {@code
 * .region}, default {@code us-east-1}; {@code .prefix} before every key; {@code .access.key} and
 * {@code .secret.key}, else the AWS SDK's default credentials: environment, profile, web identity,
 * container or instance role). Path-style addressing when an endpoint is given, as MinIO, Ceph and
 * S3Proxy want. Checksums only where the API requires them: the SDK's newer default (a trailing CRC
 * on every upload) is refused by many S3-compatible servers.
 */
public final class ThreadFileStores {
  private ThreadFileStores() {}

  /** The store {@code settings} name; {@code folder}: where the folder store lives. */
  public static ThreadFiles from(Map<String, ?> settings, Path folder) {
    FileQuota quota = FileQuota.from(settings);
    String store = text(settings, "threadline.files.store", "folder");
    return switch (store) {
      case "folder" -> new FolderThreadFiles(folder, quota);
      case "s3" ->
          new S3ThreadFiles(
              client(settings),
              required(settings, "threadline.files.s3.bucket"),
              text(settings, "threadline.files.s3.prefix", ""),
              quota);
      default ->
          throw new IllegalArgumentException(
              "threadline.files.store is '" + store + "': it is folder or s3");
    };
  }

  private static S3Client client(Map<String, ?> settings) {
    S3ClientBuilder builder =
        S3Client.builder()
            .httpClient(UrlConnectionHttpClient.create())
            .region(Region.of(text(settings, "threadline.files.s3.region", "us-east-1")))
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
    String endpoint = text(settings, "threadline.files.s3.endpoint", null);
    if (endpoint != null) {
      builder.endpointOverride(URI.create(endpoint)).forcePathStyle(true);
    }
    String key = text(settings, "threadline.files.s3.access.key", null);
    String secret = text(settings, "threadline.files.s3.secret.key", null);
    if (key != null && secret != null) {
      builder.credentialsProvider(
          StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret)));
    } else {
      builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
    }
    return builder.build();
  }

  private static String required(Map<String, ?> settings, String key) {
    String value = text(settings, key, null);
    if (value == null) {
      throw new IllegalArgumentException(key + " is required with threadline.files.store=s3");
    }
    return value;
  }

  private static String text(Map<String, ?> settings, String key, String orElse) {
    Object value = settings.get(key);
    return value == null || value.toString().isBlank() ? orElse : value.toString().trim();
  }
}
