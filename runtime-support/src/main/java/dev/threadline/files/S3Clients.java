package dev.threadline.files;

import java.net.URI;
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
 * An S3 client from settings under one prefix ({@code threadline.files.s3} for threads' files,
 * {@code threadline.analytics.s3} for the analytics tables): {@code .bucket} (required), {@code
 * .endpoint} for a server other than AWS, {@code .region} (default {@code us-east-1}), {@code
 * .prefix} before every key, {@code .access.key} and {@code .secret.key}, else the AWS SDK's
 * default credentials (environment, profile, web identity, container or instance role). Path-style
 * addressing when an endpoint is given, as MinIO, Ceph and S3Proxy want. Checksums only where the
 * API requires them: the SDK's newer default (a trailing CRC on every upload) is refused by many
 * S3-compatible servers.
 */
public final class S3Clients {
  private S3Clients() {}

  /** The client the settings under {@code prefix} describe. */
  public static S3Client from(Map<String, ?> settings, String prefix) {
    S3ClientBuilder builder =
        S3Client.builder()
            .httpClient(UrlConnectionHttpClient.create())
            .region(Region.of(text(settings, prefix + ".region", "us-east-1")))
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
    String endpoint = text(settings, prefix + ".endpoint", null);
    if (endpoint != null) {
      builder.endpointOverride(URI.create(endpoint)).forcePathStyle(true);
    }
    String key = text(settings, prefix + ".access.key", null);
    String secret = text(settings, prefix + ".secret.key", null);
    if (key != null && secret != null) {
      builder.credentialsProvider(
          StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret)));
    } else {
      builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
    }
    return builder.build();
  }

  /** The bucket the settings under {@code prefix} name; {@code store} says which store needs it. */
  public static String bucket(Map<String, ?> settings, String prefix, String store) {
    String bucket = text(settings, prefix + ".bucket", null);
    if (bucket == null) {
      throw new IllegalArgumentException(prefix + ".bucket is required with " + store);
    }
    return bucket;
  }

  /** The key prefix the settings under {@code prefix} name, or empty. */
  public static String keyPrefix(Map<String, ?> settings, String prefix) {
    return text(settings, prefix + ".prefix", "");
  }

  static String text(Map<String, ?> settings, String key, String orElse) {
    Object value = settings.get(key);
    return value == null || value.toString().isBlank() ? orElse : value.toString().trim();
  }
}
