package dev.threadline.executor.mcp;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The MCP project's reference servers, installed from the npm registry into {@code target/} once
 * per build and run with Node.js, so the executor is tested against servers nobody here wrote.
 * Where Node.js is not installed the tests that need them are skipped, saying so.
 */
final class ReferenceServers {
  private static final String VERSION = "2026.8.31";
  private static final Path HOME = Path.of("target", "mcp-reference-servers").toAbsolutePath();

  private ReferenceServers() {}

  /** The entry script of server-everything, installed if it is not yet. */
  static Path everything() throws Exception {
    return installed("server-everything");
  }

  /**
   * A server of ours whose tool list changes while it runs ({@code
   * src/test/js/growing-server.mjs}), built on the official TypeScript SDK the reference servers
   * bring, copied beside them.
   */
  static Path growing() throws Exception {
    everything();
    Path script = HOME.resolve("growing-server.mjs");
    Files.copy(
        Path.of("src/test/js/growing-server.mjs"),
        script,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return script;
  }

  /** The entry script of server-filesystem, installed if it is not yet. */
  static Path filesystem() throws Exception {
    return installed("server-filesystem");
  }

  private static synchronized Path installed(String server) throws Exception {
    assumeTrue(onPath("node") && onPath("npm"), "Node.js and npm are not installed: skipped");
    String module = "@modelcontextprotocol/" + server + "@" + VERSION;
    Path script = HOME.resolve("node_modules/@modelcontextprotocol/" + server + "/dist/index.js");
    if (!Files.exists(script)) {
      Files.createDirectories(HOME);
      Path log = HOME.resolve("npm-install-" + server + ".log");
      Process npm =
          new ProcessBuilder(
                  "npm", "install", "--no-audit", "--no-fund", "--prefix", HOME.toString(), module)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
        npm.destroyForcibly();
        throw new IllegalStateException("npm install " + module + " failed: see " + log);
      }
    }
    return script;
  }

  /** A shell script that records its process id in {@code pidFile}, then becomes the server. */
  static Path killable(Path script, Path pidFile) throws IOException {
    Path wrapper = Files.createTempFile("mcp-server", ".sh");
    Files.writeString(wrapper, "echo $$ > '" + pidFile + "'\nexec node '" + script + "'\n");
    return wrapper;
  }

  private static boolean onPath(String command) {
    try {
      return new ProcessBuilder(command, "--version").start().waitFor(30, TimeUnit.SECONDS);
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }
}
