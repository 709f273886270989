package dev.threadline.files;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;

/**
 * Threads' files, where every service that needs them reaches them: the ingest (uploads and
 * downloads), the step processor (copies across thread boundaries, a tool's files put in place),
 * the executor (a tool's reads and writes, images for models). Laid out by tenant, then thread, so
 * no name of one tenant's can reach another's files; a file's content type is kept with it. Paths
 * are the thread's, e.g. {@code /attachments/photo.png}. Two stores: a shared folder ({@link
 * FolderThreadFiles}: locally, or a ReadWriteMany volume) and S3-compatible object storage ({@link
 * S3ThreadFiles}); {@link ThreadFileStores} picks one from the settings.
 */
public interface ThreadFiles {
  /** Where a thread's own files live: uploads and a tool's writes go under it. */
  String ATTACHMENTS = "/attachments/";

  /** A stored file: its path in the thread, content type and size. */
  record Stored(String path, String contentType, long bytes) {}

  /**
   * Why {@code path} is not a path a file may be written to, or null: it must be under {@link
   * #ATTACHMENTS}, at most 512 characters, each segment a name — not empty, not {@code .} or {@code
   * ..}, no backslash (another system's separator), no control character. Checked as written,
   * before anything resolves it, so a path never means one thing here and another there.
   */
  static String pathRefusal(String path) {
    if (path == null || !path.startsWith(ATTACHMENTS) || path.length() > 512) {
      return "a path of the thread under /attachments/, e.g. /attachments/photo.png";
    }
    for (String segment : path.substring(ATTACHMENTS.length()).split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
        return "each part of the path must be a name (no empty part, no . or ..)";
      }
      if (segment.chars().anyMatch(c -> c == '\\' || c < 0x20 || c == 0x7f)) {
        return "a name in the path may hold no backslash and no control character";
      }
    }
    return null;
  }

  /** What the store lets one thread and one tenant hold. */
  FileQuota quota();

  /** The room for a file written to {@code path} of the thread, as the store's quota leaves it. */
  default FileQuota.Room room(String tenant, String threadId, String path) throws IOException {
    return quota().room(this, tenant, threadId, path);
  }

  /**
   * What the store holds for the thread ({@code threadId} null: for all the tenant's threads), each
   * file once however many threads have it.
   */
  FileQuota.Usage usage(String tenant, String threadId) throws IOException;

  /**
   * Stores {@code body} as {@code path}, at most {@code maxBytes}; a reader never sees half a file.
   *
   * @throws TooLarge past {@code maxBytes} (nothing is kept)
   */
  Stored write(
      String tenant,
      String threadId,
      String path,
      String contentType,
      InputStream body,
      long maxBytes)
      throws IOException;

  /**
   * Stages a file a tool wrote ({@code name}: unique per call and write), for {@link #place} when
   * the tool's result is applied; returns the staged name.
   */
  String stage(String tenant, String threadId, String name, String contentType, byte[] bytes)
      throws IOException;

  /**
   * Puts staged file {@code name} at {@code path} of the thread; done already (the staged file
   * gone, the path there) is done.
   */
  void place(String tenant, String threadId, String name, String path) throws IOException;

  /** The thread's files, by path. */
  List<Stored> list(String tenant, String threadId) throws IOException;

  /** The file at {@code path}, if the thread has one there. */
  Optional<Stored> stat(String tenant, String threadId, String path) throws IOException;

  /** The bytes of the file at {@code path}, if the thread has one there; the caller closes them. */
  Optional<InputStream> open(String tenant, String threadId, String path) throws IOException;

  /**
   * Gives {@code path} of one thread to the same path of another (content type kept); each thread
   * may then change its own without the other seeing it.
   */
  Optional<Stored> copy(String tenant, String from, String path, String to) throws IOException;

  /** Removes every file of the thread (a deleted thread); none is done already. */
  void deleteThread(String tenant, String threadId) throws IOException;

  /** Removes the file at {@code path} of the thread; false when it had none there. */
  boolean delete(String tenant, String threadId, String path) throws IOException;

  /**
   * Copies {@code body} to {@code out}, at most {@code maxBytes}; how many it copied.
   *
   * @throws TooLarge past {@code maxBytes}
   */
  static long copyAtMost(InputStream body, java.io.OutputStream out, long maxBytes)
      throws IOException {
    long written = 0;
    byte[] buffer = new byte[64 * 1024];
    for (int n; (n = body.read(buffer)) > 0; ) {
      written += n;
      if (written > maxBytes) {
        throw new TooLarge(maxBytes);
      }
      out.write(buffer, 0, n);
    }
    return written;
  }

  /** Refuses {@code name} unless it is a staging name: a plain file name a tool's call made. */
  static void requireStagingName(String name) {
    if (name == null || !name.matches("[A-Za-z0-9._-]{1,200}")) {
      throw new IllegalArgumentException("not a staging name: " + name);
    }
  }

  /** A file over the size it may have; nothing of it is kept. */
  final class TooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    public TooLarge(long maxBytes) {
      super("a file may have at most " + maxBytes + " bytes");
    }
  }
}
