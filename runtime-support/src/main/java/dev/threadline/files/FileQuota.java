package dev.threadline.files;

import dev.threadline.config.SettingValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the thread files hold for one thread and for one tenant: the disk (or bucket) every tenant
 * shares (locally, the disk Kafka's log is on too). Counted from the store itself, so uploads, a
 * tool's writes and copies to children all count, whichever service made them; in a folder, a file
 * linked into a child thread costs its bytes once for the tenant and shows in each thread that has
 * it (an object store's copy costs its bytes again). Uploads in flight at the same moment can pass
 * a quota by what they carry.
 *
 * @param fileBytes one file ({@code threadline.files.max.bytes})
 * @param filesPerThread files one thread holds ({@code threadline.files.per.thread})
 * @param bytesPerThread bytes one thread's files hold ({@code threadline.files.bytes.per.thread})
 * @param filesPerTenant files one tenant holds ({@code threadline.files.per.tenant})
 * @param bytesPerTenant bytes one tenant's files hold ({@code threadline.files.bytes.per.tenant})
 */
public record FileQuota(
    long fileBytes,
    int filesPerThread,
    long bytesPerThread,
    int filesPerTenant,
    long bytesPerTenant) {

  public static FileQuota defaults() {
    return new FileQuota(8_000_000, 1_000, 256L << 20, 10_000, 2L << 30);
  }

  /** From {@code threadline.files.*} settings, each defaulting to {@link #defaults()}. */
  public static FileQuota from(Map<String, ?> settings) {
    FileQuota d = defaults();
    return new FileQuota(
        SettingValues.bytes(settings, "threadline.files.max.bytes", d.fileBytes),
        (int) SettingValues.longOf(settings, "threadline.files.per.thread", d.filesPerThread),
        SettingValues.bytes(settings, "threadline.files.bytes.per.thread", d.bytesPerThread),
        (int) SettingValues.longOf(settings, "threadline.files.per.tenant", d.filesPerTenant),
        SettingValues.bytes(settings, "threadline.files.bytes.per.tenant", d.bytesPerTenant));
  }

  /**
   * The room for one more file: at most {@code bytes}, as {@code setting} bounds it, or the reason
   * there is none.
   */
  public record Room(long bytes, String setting, String refusal) {
    /** What a file over this room is told. */
    public String tooLarge() {
      return "the file is over " + bytes + " bytes, the room left (" + setting + ")";
    }
  }

  /** Files and bytes a folder holds, each file once however many names it has. */
  public record Usage(int files, long bytes) {}

  /** The room for a file written to {@code path} of the thread (replacing one there frees it). */
  public Room room(ThreadFiles files, String tenant, String threadId, String path)
      throws IOException {
    Usage thread = files.usage(tenant, threadId);
    Usage all = files.usage(tenant, null);
    long replaced = files.stat(tenant, threadId, path).map(ThreadFiles.Stored::bytes).orElse(-1L);
    if (replaced < 0 && thread.files() >= filesPerThread) {
      return full("the thread has " + thread.files(), filesPerThread, "files.per.thread");
    }
    if (replaced < 0 && all.files() >= filesPerTenant) {
      return full("the tenant has " + all.files(), filesPerTenant, "files.per.tenant");
    }
    long freed = Math.max(0, replaced);
    Room room = new Room(fileBytes, "threadline.files.max.bytes", null);
    room = smaller(room, bytesPerThread - thread.bytes() + freed, "files.bytes.per.thread");
    room = smaller(room, bytesPerTenant - all.bytes() + freed, "files.bytes.per.tenant");
    return room.bytes() > 0
        ? room
        : new Room(
            0,
            room.setting(),
            "no room left: the "
                + (room.setting().endsWith("thread") ? "thread's" : "tenant's")
                + " files hold all "
                + (room.setting().endsWith("thread") ? bytesPerThread : bytesPerTenant)
                + " bytes they may ("
                + room.setting()
                + "); delete a file first");
  }

  private static Room full(String has, long limit, String setting) {
    return new Room(
        0,
        "threadline." + setting,
        has + " files; the limit is " + limit + " (threadline." + setting + "); delete one first");
  }

  private static Room smaller(Room room, long bytes, String setting) {
    return bytes < room.bytes() ? new Room(bytes, "threadline." + setting, null) : room;
  }

  /**
   * What {@code folder} holds, {@code depth} folders above a thread's: every regular file but the
   * content-type notes kept beside them.
   */
  public static Usage usage(Path folder, int depth) throws IOException {
    if (!Files.isDirectory(folder)) {
      return new Usage(0, 0);
    }
    Set<Object> seen = new HashSet<>();
    int count = 0;
    long bytes = 0;
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path file : (Iterable<Path>) walk::iterator) {
        var attributes =
            Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
        if (!attributes.isRegularFile() || isTypeNote(folder.relativize(file), depth)) {
          continue;
        }
        Object key = attributes.fileKey();
        if (key == null || seen.add(key)) {
          count++;
          bytes += attributes.size();
        }
      }
    }
    return new Usage(count, bytes);
  }

  private static boolean isTypeNote(Path relative, int depth) {
    return relative.getNameCount() > depth
        && relative.getName(depth).toString().equals(FolderThreadFiles.TYPES);
  }
}
