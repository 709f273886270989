package dev.threadline.step;

import dev.threadline.files.ThreadFiles;
import dev.threadline.step.core.Values.Attachment;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where attachments live: one folder per thread of a tenant ({@link ThreadFiles}), and an
 * attachment's path is its thread's ({@code /attachments/a.png}, or relative to the folder). A path
 * from one thread means nothing in another, so crossing a thread boundary (a task to a child, a
 * result to a parent) copies the files. Copies keep the relative path and overwrite, so a replayed
 * transaction copies the same way again.
 */
public interface BlobStore {
  /**
   * Copies {@code attachments} of thread {@code from} into thread {@code to} (both of {@code
   * tenant}); returns them as {@code to} sees them.
   */
  List<Attachment> copy(String tenant, String from, List<Attachment> attachments, String to);

  /** The folder of a thread (for tools and tests). */
  Path folder(String tenant, String threadId);

  /** Puts a file a tool staged at {@code path} of its thread (a tool's {@code writeFile}). */
  default void place(String tenant, String threadId, String staged, String path) {}

  /** Removes every file of a deleted thread; none there is done already. */
  default void erase(String tenant, String threadId) {}

  /** The default: the shared files folder ({@link ThreadFiles}), by tenant and thread. */
  static BlobStore local(Path root) {
    return new Local(new ThreadFiles(root));
  }

  final class Local implements BlobStore {
    private static final Logger log = LoggerFactory.getLogger(BlobStore.class);
    private final ThreadFiles files;

    Local(ThreadFiles files) {
      this.files = files;
    }

    @Override
    public Path folder(String tenant, String threadId) {
      return files.folder(tenant, threadId);
    }

    @Override
    public void place(String tenant, String threadId, String staged, String path) {
      try {
        files.place(tenant, threadId, staged, path);
      } catch (IOException | IllegalArgumentException e) {
        throw new CannotCarryOut(
            "could not place file '" + path + "' of thread " + threadId + ": " + e.getMessage(), e);
      }
    }

    @Override
    public void erase(String tenant, String threadId) {
      try {
        files.deleteThread(tenant, threadId);
      } catch (IOException e) {
        throw new CannotCarryOut(
            "could not remove the files of thread " + threadId + ": " + e.getMessage(), e);
      }
    }

    @Override
    public List<Attachment> copy(
        String tenant, String from, List<Attachment> attachments, String to) {
      List<Attachment> copied = new ArrayList<>();
      for (Attachment a : attachments) {
        try {
          var stored = files.copy(tenant, from, a.path(), to);
          if (stored.isEmpty()) {
            log.warn(
                "attachment '{}' of thread {} is not a file inside it; not passed to {}",
                a.path(),
                from,
                to);
            continue;
          }
          String type = a.mediaType() != null ? a.mediaType() : stored.get().contentType();
          copied.add(new Attachment(a.path(), type, a.name(), stored.get().bytes()));
        } catch (IOException e) {
          throw new CannotCarryOut(
              "could not copy attachment '"
                  + a.path()
                  + "' from thread "
                  + from
                  + " to "
                  + to
                  + ": "
                  + (e instanceof java.nio.file.FileSystemException f && f.getReason() != null
                      ? f.getReason() // without the server's paths
                      : e.getClass().getSimpleName()),
              e);
        }
      }
      return copied;
    }
  }
}
