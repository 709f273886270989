package dev.threadline.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The local API key: {@code THREADLINE_API_KEY} if set, else one generated once and kept in {@code
 * .threadline/api-key} so it survives restarts.
 */
final class ApiKey {
  private ApiKey() {}

  static String load(Path home) throws IOException {
    String configured = System.getenv("THREADLINE_API_KEY");
    if (configured != null && !configured.isBlank()) {
      return configured.trim();
    }
    Path file = home.resolve("api-key");
    if (Files.exists(file)) {
      return Files.readString(file).trim();
    }
    byte[] bytes = new byte[16];
    new SecureRandom().nextBytes(bytes);
    String key = "tl_" + HexFormat.of().formatHex(bytes);
    try {
      Files.createDirectories(home);
      Files.writeString(file, key + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot store the API key in " + file, e);
    }
    return key;
  }
}
