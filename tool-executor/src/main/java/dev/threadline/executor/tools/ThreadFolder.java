package dev.threadline.executor.tools;

import dev.threadline.files.FileQuota;
import dev.threadline.files.ThreadFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * A tool's view of its thread's files: what is there, a file's bytes, and a file staged to be put
 * in place with the call's result — each path checked, each file held to {@link #MAX_FILE_BYTES}
 * and the thread's and tenant's quotas.
 */
final class ThreadFolder {
  /** The largest file a tool may write or read. */
  static final int MAX_FILE_BYTES = 8_000_000;

  private final CallEnv env;
  private final ThreadFiles files;

  ThreadFolder(CallEnv env) {
    if (env.files() == null) {
      throw new IllegalStateException("the executor has no files folder (threadline.blobs.dir)");
    }
    this.env = env;
    this.files = env.files();
  }

  List<ThreadFiles.Stored> list() {
    try {
      return files.list(env.tenantId(), env.threadId());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Optional<byte[]> read(String path) {
    requireValid(path);
    try {
      Optional<ThreadFiles.Stored> stored = files.stat(env.tenantId(), env.threadId(), path);
      if (stored.isEmpty()) {
        return Optional.empty();
      }
      if (stored.get().bytes() > MAX_FILE_BYTES) {
        throw new IllegalArgumentException(
            path + " is over " + MAX_FILE_BYTES + " bytes: too large to read in a tool");
      }
      Optional<InputStream> in = files.open(env.tenantId(), env.threadId(), path);
      if (in.isEmpty()) {
        return Optional.empty(); // deleted meanwhile
      }
      try (InputStream bytes = in.get()) {
        byte[] read = bytes.readNBytes(MAX_FILE_BYTES + 1);
        if (read.length > MAX_FILE_BYTES) { // grown since it was looked up
          throw new IllegalArgumentException(
              path + " is over " + MAX_FILE_BYTES + " bytes: too large to read in a tool");
        }
        return Optional.of(read);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stages {@code bytes} as {@code staged}, to become {@code path} when the result is applied. */
  void stage(String path, String staged, String contentType, byte[] bytes) {
    requireValid(path);
    if (bytes.length > MAX_FILE_BYTES) {
      throw new IllegalArgumentException("a file may have at most " + MAX_FILE_BYTES + " bytes");
    }
    try {
      FileQuota.Room room = files.room(env.tenantId(), env.threadId(), path);
      if (room.refusal() != null || bytes.length > room.bytes()) {
        throw new IllegalArgumentException(
            room.refusal() != null ? room.refusal() : room.tooLarge());
      }
      files.stage(env.tenantId(), env.threadId(), staged, contentType, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void requireValid(String path) {
    String refused = ThreadFiles.pathRefusal(path);
    if (refused != null) {
      throw new IllegalArgumentException(refused);
    }
  }
}
