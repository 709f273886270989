package dev.threadline.executor.code;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.executor.code.CodeResult.Status;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What one tenant's code can take from the others: calls at once, and source size. */
class CodeSandboxLimitsTest {

  @Test
  void aTenantRunsAtMostItsShareOfCallsAtOnceWhileOthersGoOn() throws Exception {
    try (CodeSandbox sandbox = new CodeSandbox(SandboxLimits.defaults())) {
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
    try {
      return sandbox.run(tenant, source, CodeOptions.defaults());
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
