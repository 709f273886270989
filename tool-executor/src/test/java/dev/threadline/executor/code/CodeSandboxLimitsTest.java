package dev.threadline.executor.code;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.executor.code.CodeResult.Status;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What one tenant's code can take from the others: calls at once, time holding memory, and source
 * size.
 */
class CodeSandboxLimitsTest {

  @Test
  void codeAwaitingWhatNothingCanSettleIsStoppedAtOnceAndGivesItsSlotBack() throws Exception {
    try (CodeSandbox sandbox = new CodeSandbox(SandboxLimits.defaults())) {
      String pin =
          "const hoard = new Array(2000000).fill(1.5); await new Promise(() => {});"
              + " export default hoard.length;";
      for (int i = 0; i < 3; i++) { // one slot per tenant: each pin must give it back
        CodeResult result =
            sandbox.run("tenant-a", pin, CodeOptions.defaults()).result().get(60, TimeUnit.SECONDS);
        assertThat(result.status()).isEqualTo(Status.TERMINATED);
        assertThat(result.error().message()).contains("nothing can settle");
      }
    }
  }

  @Test
  void codeWaitingOnTheHostPastTheIdleCapIsStopped() throws Exception {
    try (CodeSandbox sandbox = new CodeSandbox(SandboxLimits.defaults().withIdleCapMillis(300))) {
      HostFunction never = args -> new CompletableFuture<>();
      CodeResult result =
          sandbox
              .run(
                  "tenant-a",
                  "const hoard = new Array(2000000).fill(1.5); await never();"
                      + " export default hoard.length;",
                  CodeOptions.defaults().withGlobals(Map.of("never", never)))
              .result()
              .get(60, TimeUnit.SECONDS);
      assertThat(result.status()).isEqualTo(Status.TERMINATED);
      assertThat(result.error().message())
          .contains("300 ms")
          .contains("threadline.code.idle.cap.ms");
    }
  }

  @Test
  void noSingleAllocationCanAskForMoreThanTheCeilingAtOnce() throws Exception {
    // Allocated at once, before the watchdog could see them: each is refused by the engine.
    try (CodeSandbox sandbox = new CodeSandbox(SandboxLimits.defaults())) {
      for (String code :
          List.of(
              "export default new ArrayBuffer(400000000).byteLength;",
              "export default new Float64Array(50000000).length;",
              "const b = new ArrayBuffer(8, { maxByteLength: 4e8 }); b.resize(4e8);"
                  + " export default b.byteLength;",
              "export default 'x'.repeat(200000000).length;")) {
        CodeResult result =
            sandbox
                .run("tenant-a", code, CodeOptions.defaults().withLanguage("javascript"))
                .result()
                .get(60, TimeUnit.SECONDS);
        assertThat(result.status()).as(code).isEqualTo(Status.ERROR);
        assertThat(result.error().name()).as(code).isEqualTo("RangeError");
      }
      CodeResult fits =
          sandbox
              .run(
                  "tenant-a",
                  "export default new Float64Array(1000000).length;",
                  CodeOptions.defaults())
              .result()
              .get(60, TimeUnit.SECONDS);
      assertThat(fits.result()).isEqualTo(1_000_000);
    }
  }

  @Test
  void aTenantRunsAtMostItsShareOfCallsAtOnceWhileOthersGoOn() throws Exception {
    try (CodeSandbox sandbox = new CodeSandbox(SandboxLimits.defaults().withConcurrency(4, 2))) {
      HostFunction never = args -> new CompletableFuture<>();
      CodeOptions waiting = CodeOptions.defaults().withGlobals(Map.of("never", never));
      CodeExecution first = sandbox.run("tenant-a", "export default await never();", waiting);
      CodeExecution second = sandbox.run("tenant-a", "export default await never();", waiting);
      CompletableFuture<CodeExecution> third =
          CompletableFuture.supplyAsync(() -> start(sandbox, "tenant-a", "export default 3;"));
      CodeResult other =
          sandbox
              .run("tenant-b", "export default 'b';", CodeOptions.defaults())
              .result()
              .get(60, TimeUnit.SECONDS);
      assertThat(other.result()).isEqualTo("b");
      assertThat(third).as("tenant-a's third call waits for a slot").isNotDone();
      first.terminate("done waiting");
      assertThat(third.get(60, TimeUnit.SECONDS).result().get(60, TimeUnit.SECONDS).result())
          .isEqualTo(3);
      second.terminate(null);
      assertThat(second.result().get(60, TimeUnit.SECONDS).status()).isEqualTo(Status.TERMINATED);
    }
  }

  @Test
  void sourceOverTheCapIsRefusedBeforeAnythingRuns() throws Exception {
    try (CodeSandbox sandbox = new CodeSandbox(SandboxLimits.defaults())) {
      String huge = "export default 1;\n" + "//".repeat(CodeSandbox.MAX_SOURCE_CHARS / 2);
      CodeResult result =
          sandbox.run("tenant-a", huge, CodeOptions.defaults()).result().get(60, TimeUnit.SECONDS);
      assertThat(result.status()).isEqualTo(Status.ERROR);
      assertThat(result.error().message()).contains("at most " + CodeSandbox.MAX_SOURCE_CHARS);
    }
  }

  @Test
  void aMemoryLimitThatIsNotPositiveIsRefused() throws Exception {
    try (CodeSandbox sandbox = new CodeSandbox(SandboxLimits.defaults())) {
      CodeResult result =
          sandbox
              .run("tenant-a", "export default 1;", CodeOptions.defaults().withMemoryLimitBytes(0L))
              .result()
              .get(60, TimeUnit.SECONDS);
      assertThat(result.status()).isEqualTo(Status.ERROR);
      assertThat(result.error().message()).contains("memoryLimitBytes must be positive");
    }
  }

  private static CodeExecution start(CodeSandbox sandbox, String tenant, String source) {
    return start(sandbox, tenant, source, CodeOptions.defaults());
  }

  private static CodeExecution start(
      CodeSandbox sandbox, String tenant, String source, CodeOptions options) {
    try {
      return sandbox.run(tenant, source, options);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
