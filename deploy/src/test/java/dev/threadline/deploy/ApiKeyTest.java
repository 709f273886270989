package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.threadline.testkit.ScratchDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

/** The generated local API key is its owner's alone. */
class ApiKeyTest {
  @Test
  void theGeneratedKeyFileIsReadableByItsOwnerOnly() throws Exception {
    assumeTrue(System.getenv("THREADLINE_API_KEY") == null, "a key is configured");
    Path home = ScratchDirs.create("api-key-");
    assumeTrue(home.getFileSystem().supportedFileAttributeViews().contains("posix"));

    String key = ApiKey.load(home);

    Path file = home.resolve("api-key");
    assertThat(Files.readString(file).trim()).isEqualTo(key);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void aKeyFileOthersCouldReadIsNarrowedToItsOwner() throws Exception {
    assumeTrue(System.getenv("THREADLINE_API_KEY") == null, "a key is configured");
    Path home = ScratchDirs.create("api-key-");
    assumeTrue(home.getFileSystem().supportedFileAttributeViews().contains("posix"));
    Path file = home.resolve("api-key");
    Files.writeString(file, "tl_old\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    assertThat(ApiKey.load(home)).isEqualTo("tl_old");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }
}
