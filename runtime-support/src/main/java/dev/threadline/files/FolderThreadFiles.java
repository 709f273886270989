package dev.threadline.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Threads' files in one folder every service that needs them mounts — a folder locally, a
 * ReadWriteMany volume on Kubernetes — so every replica sees every copy and a restart loses none.
 * Laid out by tenant, then thread (both URL-encoded); a file's content type is kept beside it.
 */
public final class FolderThreadFiles implements ThreadFiles {
  static final String TYPES = ".types";
  private static final String STAGING = ".staging";
  private final Path root;
  private final FileQuota quota;

  public FolderThreadFiles(Path root) {
    this(root, FileQuota.defaults());
  }

  public FolderThreadFiles(Path root, FileQuota quota) {
    this.root = root;
    this.quota = quota;
  }

  @Override
  public FileQuota quota() {
    return quota;
  }

  @Override
  public FileQuota.Usage usage(String tenant, String threadId) throws IOException {
    return threadId == null
        ? FileQuota.usage(tenantFolder(tenant), 1)
        : FileQuota.usage(folder(tenant, threadId), 0);
  }

  /** The thread's folder. */
  public Path folder(String tenant, String threadId) {
    return tenantFolder(tenant).resolve(encode(threadId));
  }

  /** The folder of all the tenant's threads. */
  public Path tenantFolder(String tenant) {
    return root.resolve(encode(tenant));
  }

  /**
   * Where {@code path} of the thread lives, or empty when it is not a path inside the thread
   * (empty, absolute after its leading slash, {@code ..}, or the content-type folder).
   */
  public Optional<Path> resolve(String tenant, String threadId, String path) {
    if (path == null || path.isBlank() || path.length() > 512 || path.contains("\0")) {
      return Optional.empty();
    }
    String relative = path.startsWith("/") ? path.substring(1) : path;
    Path folder = folder(tenant, threadId);
    Path file = folder.resolve(relative).normalize();
    boolean inside = file.startsWith(folder) && !file.equals(folder);
    Path relativePath = inside ? folder.relativize(file) : file;
    return inside && !relativePath.startsWith(TYPES) && !relativePath.startsWith(STAGING)
        ? Optional.of(file)
        : Optional.empty();
  }

  /**
   * Stores {@code body} as {@code path}, at most {@code maxBytes} (written to a temporary file and
   * moved into place, so a reader never sees half a file).
   *
   * @throws TooLarge past {@code maxBytes} (nothing is kept)
   */
  @Override
  public Stored write(
      String tenant,
      String threadId,
      String path,
      String contentType,
      InputStream body,
      long maxBytes)
      throws IOException {
    Path file =
        resolve(tenant, threadId, path)
            .orElseThrow(
                () -> new IllegalArgumentException("not a path inside the thread: " + path));
    Files.createDirectories(file.getParent());
    Path partial = file.resolveSibling("." + UUID.randomUUID() + ".part");
    long written;
    try (OutputStream out = Files.newOutputStream(partial)) {
      written = ThreadFiles.copyAtMost(body, out, maxBytes);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(partial);
      throw e;
    }
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    Path type = typeFile(tenant, threadId, file);
    Files.createDirectories(type.getParent());
    Files.writeString(type, contentType == null ? "application/octet-stream" : contentType);
    return new Stored(
        threadPath(tenant, threadId, file), contentType(tenant, threadId, file), written);
  }

  @Override
  public String stage(String tenant, String threadId, String name, String contentType, byte[] bytes)
      throws IOException {
    ThreadFiles.requireStagingName(name);
    Path staged = folder(tenant, threadId).resolve(STAGING).resolve(name);
    Files.createDirectories(staged.getParent());
    Files.write(staged, bytes);
    Files.writeString(
        staged.resolveSibling(name + ".type"),
        contentType == null ? "application/octet-stream" : contentType);
    return name;
  }

  @Override
  public void place(String tenant, String threadId, String name, String path) throws IOException {
    Path staging = folder(tenant, threadId).resolve(STAGING);
    Path staged = staging.resolve(name).normalize();
    if (!staged.startsWith(staging)) {
      throw new IllegalArgumentException("not a staging name: " + name);
    }
    Path target =
        resolve(tenant, threadId, path)
            .orElseThrow(
                () -> new IllegalArgumentException("not a path inside the thread: " + path));
    if (!Files.exists(staged)) {
      if (Files.exists(target)) {
        return; // placed before a crash, applied again on the replay
      }
      throw new IOException("the staged file " + name + " is gone");
    }
    Files.createDirectories(target.getParent());
    Path stagedType = staged.resolveSibling(name + ".type");
    Path type = typeFile(tenant, threadId, target);
    Files.createDirectories(type.getParent());
    Files.writeString(
        type, Files.exists(stagedType) ? Files.readString(stagedType) : "application/octet-stream");
    Files.move(staged, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    Files.deleteIfExists(stagedType);
  }

  @Override
  public List<Stored> list(String tenant, String threadId) throws IOException {
    Path folder = folder(tenant, threadId);
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    List<Stored> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
        Path relative = folder.relativize(file);
        if (!relative.startsWith(TYPES)
            && !relative.startsWith(STAGING)
            && !file.getFileName().toString().endsWith(".part")) {
          files.add(stat(tenant, threadId, file));
        }
      }
    }
    return files;
  }

  @Override
  public Optional<InputStream> open(String tenant, String threadId, String path)
      throws IOException {
    Optional<Path> file = resolve(tenant, threadId, path).filter(Files::isRegularFile);
    return file.isEmpty() ? Optional.empty() : Optional.of(Files.newInputStream(file.get()));
  }

  @Override
  public Optional<Stored> stat(String tenant, String threadId, String path) throws IOException {
    Optional<Path> file = resolve(tenant, threadId, path).filter(Files::isRegularFile);
    return file.isEmpty() ? Optional.empty() : Optional.of(stat(tenant, threadId, file.get()));
  }

  /**
   * Gives {@code path} of one thread to the same path of another (content type kept): a second name
   * for the same bytes where the folder allows it, so a task's files cost a child nothing — every
   * write puts a new file in place, so neither thread changes the other's — else a copy.
   */
  @Override
  public Optional<Stored> copy(String tenant, String from, String path, String to)
      throws IOException {
    Optional<Path> source = resolve(tenant, from, path).filter(Files::isRegularFile);
    Optional<Path> target = resolve(tenant, to, path);
    if (source.isEmpty() || target.isEmpty()) {
      return Optional.empty();
    }
    if (!from.equals(to)) {
      Files.createDirectories(target.get().getParent());
      Files.deleteIfExists(target.get());
      try {
        Files.createLink(target.get(), source.get());
      } catch (UnsupportedOperationException | IOException e) {
        Files.copy(source.get(), target.get(), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    Path type = typeFile(tenant, to, target.get());
    Files.createDirectories(type.getParent());
    Files.writeString(type, contentType(tenant, from, source.get()));
    return Optional.of(stat(tenant, to, target.get()));
  }

  /** Removes the thread's folder and every file in it (a deleted thread); none is done already. */
  @Override
  public void deleteThread(String tenant, String threadId) throws IOException {
    Path folder = folder(tenant, threadId);
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Override
  public boolean delete(String tenant, String threadId, String path) throws IOException {
    Optional<Path> file = resolve(tenant, threadId, path).filter(Files::isRegularFile);
    if (file.isEmpty()) {
      return false;
    }
    Files.deleteIfExists(typeFile(tenant, threadId, file.get()));
    return Files.deleteIfExists(file.get());
  }

  private Stored stat(String tenant, String threadId, Path file) throws IOException {
    return new Stored(
        threadPath(tenant, threadId, file), contentType(tenant, threadId, file), Files.size(file));
  }

  private String threadPath(String tenant, String threadId, Path file) {
    return "/" + folder(tenant, threadId).relativize(file).toString().replace('\\', '/');
  }

  private Path typeFile(String tenant, String threadId, Path file) {
    Path folder = folder(tenant, threadId);
    return folder.resolve(TYPES).resolve(folder.relativize(file).toString() + ".type");
  }

  private String contentType(String tenant, String threadId, Path file) throws IOException {
    Path type = typeFile(tenant, threadId, file);
    if (Files.isRegularFile(type)) {
      return Files.readString(type).trim();
    }
    String probed = Files.probeContentType(file);
    return probed == null ? "application/octet-stream" : probed;
  }

  private static String encode(String name) {
    return URLEncoder.encode(name, StandardCharsets.UTF_8);
  }
}
