package dev.threadline.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.MetadataDirective;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Threads' files as objects of one bucket of S3-compatible storage, so no service needs a shared
 * volume: a file is the object {@code [prefix]tenant/thread/path} (tenant and thread URL-encoded,
 * so one tenant's names never reach another's and a child's id never nests in its parent's), its
 * content type the object's. A write is one PUT (a reader sees the old object or the new one, never
 * half); a tool's staged file waits under the thread's {@code .staging/} until its result puts it
 * in place (a server-side copy, then the staged object deleted: a replay finds it placed). A copy
 * to another thread is a server-side copy, which costs its bytes again in the quota.
 */
public final class S3ThreadFiles implements ThreadFiles {
  private static final String STAGING = ".staging/";
  private final S3Client s3;
  private final String bucket;
  private final String prefix;
  private final FileQuota quota;

  public S3ThreadFiles(S3Client s3, String bucket, String prefix, FileQuota quota) {
    this.s3 = s3;
    this.bucket = bucket;
    this.prefix = prefix == null ? "" : prefix;
    this.quota = quota;
  }

  @Override
  public FileQuota quota() {
    return quota;
  }

  @Override
  public FileQuota.Usage usage(String tenant, String threadId) throws IOException {
    int files = 0;
    long bytes = 0;
    for (S3Object o : objects(threadId == null ? tenantKey(tenant) : threadKey(tenant, threadId))) {
      files++;
      bytes += o.size();
    }
    return new FileQuota.Usage(files, bytes);
  }

  @Override
  public Stored write(
      String tenant,
      String threadId,
      String path,
      String contentType,
      InputStream body,
      long maxBytes)
      throws IOException {
    String key = key(tenant, threadId, path);
    // Counted to the limit on local disk first: an object store wants the length before the bytes.
    Path partial = Files.createTempFile("threadline-upload-", ".part");
    try {
      long written;
      try (OutputStream out = Files.newOutputStream(partial)) {
        written = ThreadFiles.copyAtMost(body, out, maxBytes);
      }
      String type = typeOr(contentType);
      call(
          () ->
              s3.putObject(
                  b -> b.bucket(bucket).key(key).contentType(type), RequestBody.fromFile(partial)));
      return new Stored(path, type, written);
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  @Override
  public String stage(String tenant, String threadId, String name, String contentType, byte[] bytes)
      throws IOException {
    ThreadFiles.requireStagingName(name);
    String key = threadKey(tenant, threadId) + STAGING + name;
    call(
        () ->
            s3.putObject(
                b -> b.bucket(bucket).key(key).contentType(typeOr(contentType)),
                RequestBody.fromBytes(bytes)));
    return name;
  }

  @Override
  public void place(String tenant, String threadId, String name, String path) throws IOException {
    ThreadFiles.requireStagingName(name);
    String staged = threadKey(tenant, threadId) + STAGING + name;
    String target = key(tenant, threadId, path);
    if (head(staged).isEmpty()) {
      if (head(target).isPresent()) {
        return; // placed before a crash, applied again on the replay
      }
      throw new IOException("the staged file " + name + " is gone");
    }
    call(
        () ->
            s3.copyObject(
                b ->
                    b.sourceBucket(bucket)
                        .sourceKey(staged)
                        .destinationBucket(bucket)
                        .destinationKey(target)
                        .metadataDirective(MetadataDirective.COPY)));
    call(() -> s3.deleteObject(b -> b.bucket(bucket).key(staged)));
  }

  @Override
  public List<Stored> list(String tenant, String threadId) throws IOException {
    String thread = threadKey(tenant, threadId);
    List<Stored> files = new ArrayList<>();
    for (S3Object o : objects(thread)) {
      String path = o.key().substring(thread.length());
      if (!path.startsWith(STAGING)) {
        String type = head(o.key()).map(HeadObjectResponse::contentType).orElse(null);
        files.add(new Stored("/" + path, typeOr(type), o.size()));
      }
    }
    return files;
  }

  @Override
  public Optional<Stored> stat(String tenant, String threadId, String path) throws IOException {
    String key = keyOrNull(tenant, threadId, path);
    return key == null
        ? Optional.empty()
        : head(key).map(h -> new Stored(normal(path), typeOr(h.contentType()), h.contentLength()));
  }

  @Override
  public Optional<InputStream> open(String tenant, String threadId, String path)
      throws IOException {
    String key = keyOrNull(tenant, threadId, path);
    if (key == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(s3.getObject(b -> b.bucket(bucket).key(key)));
    } catch (NoSuchKeyException e) {
      return Optional.empty();
    } catch (SdkException e) {
      throw new IOException("the object store refused to read " + path + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Optional<Stored> copy(String tenant, String from, String path, String to)
      throws IOException {
    String source = keyOrNull(tenant, from, path);
    String target = keyOrNull(tenant, to, path);
    if (source == null || target == null || head(source).isEmpty()) {
      return Optional.empty();
    }
    if (!from.equals(to)) {
      call(
          () ->
              s3.copyObject(
                  b ->
                      b.sourceBucket(bucket)
                          .sourceKey(source)
                          .destinationBucket(bucket)
                          .destinationKey(target)
                          .metadataDirective(MetadataDirective.COPY)));
    }
    return stat(tenant, to, path);
  }

  @Override
  public void deleteThread(String tenant, String threadId) throws IOException {
    List<ObjectIdentifier> batch = new ArrayList<>();
    for (S3Object o : objects(threadKey(tenant, threadId))) {
      batch.add(ObjectIdentifier.builder().key(o.key()).build());
      if (batch.size() == 1000) { // the most one DeleteObjects takes
        deleteAll(batch);
        batch = new ArrayList<>();
      }
    }
    if (!batch.isEmpty()) {
      deleteAll(batch);
    }
  }

  @Override
  public boolean delete(String tenant, String threadId, String path) throws IOException {
    String key = keyOrNull(tenant, threadId, path);
    if (key == null || head(key).isEmpty()) {
      return false;
    }
    call(() -> s3.deleteObject(b -> b.bucket(bucket).key(key)));
    return true;
  }

  private void deleteAll(List<ObjectIdentifier> keys) throws IOException {
    Delete delete = Delete.builder().objects(keys).quiet(true).build();
    call(() -> s3.deleteObjects(b -> b.bucket(bucket).delete(delete)));
  }

  private List<S3Object> objects(String keyPrefix) throws IOException {
    try {
      List<S3Object> all = new ArrayList<>();
      s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(keyPrefix))
          .contents()
          .forEach(all::add);
      return all;
    } catch (SdkException e) {
      throw new IOException("the object store refused a listing: " + e.getMessage(), e);
    }
  }

  private Optional<HeadObjectResponse> head(String key) throws IOException {
    try {
      return Optional.of(s3.headObject(b -> b.bucket(bucket).key(key)));
    } catch (NoSuchKeyException e) {
      return Optional.empty();
    } catch (S3Exception e) {
      if (e.statusCode() == 404) {
        return Optional.empty();
      }
      throw new IOException("the object store refused to look up a file: " + e.getMessage(), e);
    } catch (SdkException e) {
      throw new IOException("the object store refused to look up a file: " + e.getMessage(), e);
    }
  }

  /** Runs one request, its failure an I/O error as a folder's would be. */
  private static void call(Runnable request) throws IOException {
    try {
      request.run();
    } catch (SdkException e) {
      throw new IOException("the object store refused the request: " + e.getMessage(), e);
    }
  }

  /** The key of {@code path}, which must be a path inside the thread. */
  private String key(String tenant, String threadId, String path) {
    String key = keyOrNull(tenant, threadId, path);
    if (key == null) {
      throw new IllegalArgumentException("not a path inside the thread: " + path);
    }
    return key;
  }

  /**
   * The key of {@code path} in the thread, or null when it is no path inside the thread: as the
   * folder's, relative names are refused rather than resolved, and the staging area is not the
   * thread's.
   */
  private String keyOrNull(String tenant, String threadId, String path) {
    if (path == null || path.isBlank() || path.length() > 512 || path.contains("\0")) {
      return null;
    }
    String relative = normal(path).substring(1);
    for (String segment : relative.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        return null;
      }
    }
    return relative.startsWith(STAGING) ? null : threadKey(tenant, threadId) + relative;
  }

  private static String normal(String path) {
    return path.startsWith("/") ? path : "/" + path;
  }

  private String tenantKey(String tenant) {
    return prefix + encode(tenant) + "/";
  }

  private String threadKey(String tenant, String threadId) {
    return tenantKey(tenant) + encode(threadId) + "/";
  }

  private static String typeOr(String contentType) {
    return contentType == null || contentType.isBlank() ? "application/octet-stream" : contentType;
  }

  private static String encode(String name) {
    return URLEncoder.encode(name, StandardCharsets.UTF_8);
  }
}
