package dev.threadline.step;

import dev.threadline.step.core.Values.Attachment;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where attachments live: one folder per thread, and an attachment's path is relative to its
 * thread's folder. A path from one thread means nothing in another, so crossing a thread boundary
 * (a task to a child, a result to a parent) copies the files. Copies keep the relative path and
 * overwrite, so a replayed transaction copies the same way again.
 */
public interface BlobStore {
  /**
   * Copies {@code attachments} of thread {@code from} into thread {@code to}; returns them as
   * {@code to} sees them.
   */
  List<Attachment> copy(String from, List<Attachment> attachments, String to);

  /** The folder of a thread (for tools and tests). */
  Path folder(String threadId);

  /** The default: a local directory, one sub-folder per thread (thread ids URL-encoded). */
  static BlobStore local(Path root) {
    return new Local(root);
  }

  final class Local implements BlobStore {
    private static final Logger log = LoggerFactory.getLogger(BlobStore.class);
    private final Path root;

    Local(Path root) {
      this.root = root;
    }

    @Override
    public Path folder(String threadId) {
      return root.resolve(URLEncoder.encode(threadId, StandardCharsets.UTF_8));
    }

    @Override
    public List<Attachment> copy(String from, List<Attachment> attachments, String to) {
      List<Attachment> copied = new ArrayList<>();
      for (Attachment a : attachments) {
        Path source = folder(from).resolve(a.path()).normalize();
        Path target = folder(to).resolve(a.path()).normalize();
        if (!source.startsWith(folder(from)) || !target.startsWith(folder(to))) {
          log.warn(
              "not copying attachment '{}' of thread {}: it leaves the thread's folder",
              a.path(),
              from);
          continue;
        }
        try {
          if (!Files.isRegularFile(source)) {
            log.warn(
                "attachment '{}' of thread {} does not exist; not passed to {}",
                a.path(),
                from,
                to);
            continue;
          }
          Files.createDirectories(target.getParent());
          Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
          copied.add(new Attachment(a.path(), a.mediaType(), a.name(), Files.size(target)));
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
