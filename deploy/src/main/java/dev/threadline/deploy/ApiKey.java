package dev.threadline.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/**
 * The local API key: {@code THREADLINE_API_KEY} if set, else one generated once and kept in {@code
 * .threadline/api-key} so it survives restarts — readable and writable by its owner only, created
 * so from the first byte (never world-readable, even for a moment). An existing file that others
 * can read is narrowed to its owner.
 */
final class ApiKey {
  static final Set<PosixFilePermission> OWNER_ONLY =
      Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  private ApiKey() {}

  private static boolean posix(Path path) {
    return path.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  static String load(Path home) throws IOException {
    String configured = System.getenv("THREADLINE_API_KEY");
    if (configured != null && !configured.isBlank()) {
      return configured.trim();
    }
    Path file = home.resolve("api-key");
    if (Files.exists(file)) {
      if (posix(file)) {
        Files.setPosixFilePermissions(file, OWNER_ONLY);
      }
      return Files.readString(file).trim();
    }
    byte[] bytes = new byte[16];
    new SecureRandom().nextBytes(bytes);
    String key = "tl_" + HexFormat.of().formatHex(bytes);
    try {
      Files.createDirectories(home);
      if (posix(home)) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      }
      Files.writeString(file, key + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot store the API key in " + file, e);
    }
    return key;
  }
}
