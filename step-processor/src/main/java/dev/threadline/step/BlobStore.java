package dev.threadline.step;

import dev.threadline.files.FolderThreadFiles;
import dev.threadline.files.ThreadFiles;
import dev.threadline.step.core.Values.Attachment;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where attachments live: the thread files ({@link ThreadFiles}: a shared folder or a bucket), by
 * tenant and thread, and an attachment's path is its thread's ({@code /attachments/a.png}). A path
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

  /** Puts a file a tool staged at {@code path} of its thread (a tool's {@code writeFile}). */
  default void place(String tenant, String threadId, String staged, String path) {}

  /** Removes every file of a deleted thread; none there is done already. */
  default void erase(String tenant, String threadId) {}

  /** The files in a shared folder at {@code root}. */
  static BlobStore local(Path root) {
    return of(new FolderThreadFiles(root));
  }

  /** The thread files the service's settings name. */
  static BlobStore of(ThreadFiles files) {
    return new OnThreadFiles(files);
  }

  final class OnThreadFiles implements BlobStore {
    private static final Logger log = LoggerFactory.getLogger(BlobStore.class);
    private final ThreadFiles files;

    OnThreadFiles(ThreadFiles files) {
      this.files = files;
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
