package dev.threadline.executor.code;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * A test class's one sandbox — 2 s of CPU a call, 64 MiB soft and 128 MiB hard — and its calls, as
 * tenant {@code tenant-a}, each waited for at most a minute.
 */
abstract class SandboxTest {
  static CodeSandbox sandbox;

  @BeforeAll
  static void start() {
    sandbox =
        new CodeSandbox(
            SandboxLimits.defaults().withCpuCapMillis(2_000).withMemory(64L << 20, 128L << 20));
  }

  @AfterAll
  static void stop() {
    sandbox.close();
  }

  static CodeResult run(String source) throws Exception {
    return run(source, CodeOptions.defaults());
  }

  static CodeResult run(String source, CodeOptions options) throws Exception {
    return sandbox.run("tenant-a", source, options).result().get(60, TimeUnit.SECONDS);
  }
}
