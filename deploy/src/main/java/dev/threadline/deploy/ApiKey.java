package dev.threadline.deploy;

import dev.threadline.config.SecretBox;
import dev.threadline.sealing.EventSeal;
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
    return kept(
        home,
        "THREADLINE_API_KEY",
        "api-key",
        () -> {
          byte[] bytes = new byte[16];
          new SecureRandom().nextBytes(bytes);
          return "tl_" + HexFormat.of().formatHex(bytes);
        });
  }

  /**
   * The operator's secrets key of the local stack ({@code THREADLINE_SECRETS_KEY}, else kept in
   * {@code .threadline/secrets-key}): kept because the secrets sealed with it stay on the topics
   * and in the stores across restarts.
   */
  static String secretsKey(Path home) throws IOException {
    return kept(home, "THREADLINE_SECRETS_KEY", "secrets-key", SecretBox::newKey);
  }

  /**
   * The local stack's events key ({@code THREADLINE_EVENTS_KEY}, else kept in {@code
   * .threadline/events-key}): its threads' events are sealed with data keys it wraps, so it is kept
   * like the secrets key.
   */
  static String eventsKey(Path home) throws IOException {
    return kept(home, EventSeal.ENV, "events-key", EventSeal::newKey);
  }

  private static String kept(
      Path home, String variable, String name, java.util.function.Supplier<String> generate)
      throws IOException {
    String configured = System.getenv(variable);
    if (configured != null && !configured.isBlank()) {
      return configured.trim();
    }
    Path file = home.resolve(name);
    if (Files.exists(file)) {
      if (posix(file)) {
        Files.setPosixFilePermissions(file, OWNER_ONLY);
      }
      return Files.readString(file).trim();
    }
    String key = generate.get();
    try {
      Files.createDirectories(home);
      if (posix(home)) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      }
      Files.writeString(file, key + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot store the " + name + " in " + file, e);
    }
    return key;
  }
}
