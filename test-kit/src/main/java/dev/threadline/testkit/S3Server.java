package dev.threadline.testkit;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/**
 * A real S3-compatible server for tests: S3Proxy, in this JVM, holding objects in memory and
 * checking AWS signatures (v2 and v4) as S3 does. One key pair; buckets made by {@link #bucket}.
 */
public final class S3Server implements AutoCloseable {
  public static final String ACCESS_KEY = "threadline-test";
  public static final String SECRET_KEY = "threadline-test-secret";
  private final S3Proxy proxy;
  private final TransientNio2BlobStore blobs;

  private S3Server(S3Proxy proxy, TransientNio2BlobStore blobs) {
    this.proxy = proxy;
    this.blobs = blobs;
  }

  /** Starts a server on a free port of this machine, and waits until it serves. */
  public static S3Server start() throws Exception {
    TransientNio2BlobStore blobs = new TransientNio2BlobStore();
    S3Proxy proxy =
        S3Proxy.builder()
            .blobStore(blobs)
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
            .build();
    proxy.start();
    Await.until(
        () -> "STARTED".equals(proxy.getState()), "S3Proxy started", Duration.ofSeconds(30));
    return new S3Server(proxy, blobs);
  }

  /** The server's endpoint, e.g. {@code http://127.0.0.1:40123}. */
  public String endpoint() {
    return "http://127.0.0.1:" + proxy.getPort();
  }

  /** Makes bucket {@code name}; returns it. */
  public String bucket(String name) {
    blobs.createContainer(name);
    return name;
  }

  /** The thread files settings of a service whose files are in {@code bucket} here. */
  public Map<String, String> filesSettings(String bucket) {
    return Map.of(
        "threadline.files.store", "s3",
        "threadline.files.s3.endpoint", endpoint(),
        "threadline.files.s3.bucket", bucket,
        "threadline.files.s3.access.key", ACCESS_KEY,
        "threadline.files.s3.secret.key", SECRET_KEY);
  }

  @Override
  public void close() {
    try {
      proxy.stop();
    } catch (Exception e) {
      throw new IllegalStateException("S3Proxy did not stop", e);
    }
  }
}
