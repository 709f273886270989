package dev.threadline.executor.code;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.DirectoryStream;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.graalvm.polyglot.io.FileSystem;

/**
 * The only files a sandbox can see: its modules' sources, held in memory. The caller's modules live
 * under {@link #ROOT}; a bare specifier (which the engine asks for as a relative path) is one of
 * the caller's imports under {@link #IMPORTS}; nothing is read from a disk, and URLs are refused.
 * Once the call's module graph is {@link #linked} every module it imports statically is loaded, so
 * any request after that is a dynamic {@code import()}, and it is refused: the loader, not a scan
 * of the text, is what says no.
 */
final class ModuleFiles implements FileSystem {
  static final Path ROOT = Path.of("/sandbox");
  static final Path IMPORTS = Path.of("/@imports");
  static final Path INTERNAL = Path.of("/@threadline");
  private static final String MODULE_MIME = "application/javascript+module";

  static final String DYNAMIC_IMPORT =
      "dynamic import() is not available in the sandbox; import modules statically"
          + " (bare names from options.imports, relative paths from options.modules)";

  private final Map<Path, byte[]> files;
  private final Consumer<String> refusals;
  private volatile boolean linked;

  /** {@code refusals}: told why each request it refuses was refused. */
  ModuleFiles(Map<Path, String> sources, Consumer<String> refusals) {
    this.files = new java.util.HashMap<>();
    this.refusals = refusals;
    sources.forEach((path, text) -> files.put(path, text.getBytes(StandardCharsets.UTF_8)));
  }

  /** Whether {@code path} is where this file system serves modules from. */
  static boolean served(String path) {
    Path p = Path.of(path).normalize();
    return p.startsWith(ROOT) || p.startsWith(IMPORTS) || p.startsWith(INTERNAL);
  }

  /** Whether the call's modules were linked and their evaluation began. */
  boolean evaluationBegan() {
    return linked;
  }

  /**
   * The call's modules are linked and evaluation begins (the sandbox's host module runs first): no
   * further module is served.
   */
  void linked() {
    linked = true;
  }

  @Override
  public Path parsePath(URI uri) {
    String message = linked ? DYNAMIC_IMPORT : "the sandbox loads no URL: " + uri;
    refusals.accept(message);
    throw new UnsupportedOperationException(message);
  }

  @Override
  public Path parsePath(String path) {
    return Path.of(path);
  }

  @Override
  public void checkAccess(Path path, Set<? extends AccessMode> modes, LinkOption... options)
      throws IOException {
    if (modes.contains(AccessMode.WRITE) || modes.contains(AccessMode.EXECUTE)) {
      throw new AccessDeniedException(path.toString());
    }
    bytes(path);
  }

  @Override
  public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
    throw new AccessDeniedException(dir.toString());
  }

  @Override
  public void delete(Path path) throws IOException {
    throw new AccessDeniedException(path.toString());
  }

  @Override
  public SeekableByteChannel newByteChannel(
      Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
    return new ReadOnlyChannel(bytes(path));
  }

  @Override
  public DirectoryStream<Path> newDirectoryStream(
      Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
    throw new AccessDeniedException(dir.toString());
  }

  @Override
  public Path toAbsolutePath(Path path) {
    return path.isAbsolute() ? path : IMPORTS.resolve(path.toString());
  }

  @Override
  public Path toRealPath(Path path, LinkOption... options) throws IOException {
    Path real = toAbsolutePath(path).normalize();
    bytes(real);
    return real;
  }

  @Override
  public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options)
      throws IOException {
    return Map.of(
        "isRegularFile", true,
        "isDirectory", false,
        "isSymbolicLink", false,
        "isOther", false,
        "size", (long) bytes(path).length);
  }

  @Override
  public String getMimeType(Path path) {
    return MODULE_MIME;
  }

  private byte[] bytes(Path path) throws IOException {
    if (linked) {
      refusals.accept(DYNAMIC_IMPORT);
      throw new AccessDeniedException(path.toString(), null, DYNAMIC_IMPORT);
    }
    byte[] content = files.get(toAbsolutePath(path).normalize());
    if (content == null) {
      throw new NoSuchFileException(path.toString());
    }
    return content;
  }

  private static final class ReadOnlyChannel implements SeekableByteChannel {
    private final byte[] content;
    private int position;

    ReadOnlyChannel(byte[] content) {
      this.content = content;
    }

    @Override
    public int read(ByteBuffer target) {
      if (position >= content.length) {
        return -1;
      }
      int n = Math.min(target.remaining(), content.length - position);
      target.put(content, position, n);
      position += n;
      return n;
    }

    @Override
    public int write(ByteBuffer source) {
      throw new NonWritableChannelException();
    }

    @Override
    public long position() {
      return position;
    }

    @Override
    public SeekableByteChannel position(long newPosition) {
      position = (int) Math.min(newPosition, content.length);
      return this;
    }

    @Override
    public long size() {
      return content.length;
    }

    @Override
    public SeekableByteChannel truncate(long size) {
      throw new NonWritableChannelException();
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }
}
