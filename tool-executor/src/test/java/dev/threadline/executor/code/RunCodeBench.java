package dev.threadline.executor.code;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Prints what a runCode call costs on this machine (docs/tools.md, "Code execution"): the engine's
 * start, the first call, and the median of later calls of a small TypeScript and JavaScript module;
 * and how soon {@code terminate} settles a call waiting at a yield point and one in a tight loop
 * (spec §13: within 50 ms). Run: {@code java -cp <test classpath>
 * dev.threadline.executor.code.RunCodeBench}.
 */
public final class RunCodeBench {
  private static final String SCRIPT =
      "const xs: number[] = Array.from({ length: 1000 }, (_, i) => i);\n"
          + "export default xs.filter((x) => x % 3 === 0).reduce((a, b) => a + b, 0);";

  private RunCodeBench() {}

  public static void main(String[] args) throws Exception {
    long start = System.nanoTime();
    try (CodeSandbox sandbox = new CodeSandbox(SandboxLimits.defaults())) {
      System.out.printf("engine start: %.0f ms%n", (System.nanoTime() - start) / 1e6);
      for (String language : new String[] {"typescript", "javascript"}) {
        String source = language.equals("typescript") ? SCRIPT : SCRIPT.replace(": number[]", "");
        CodeOptions options = CodeOptions.defaults().withLanguage(language);
        double[] millis = new double[50];
        for (int i = 0; i < millis.length; i++) {
          long t = System.nanoTime();
          CodeResult result =
              sandbox.run("bench", source, options).result().get(60, TimeUnit.SECONDS);
          millis[i] = (System.nanoTime() - t) / 1e6;
          if (result.status() != CodeResult.Status.OK) {
            throw new IllegalStateException(String.valueOf(result.error()));
          }
        }
        double first = millis[0];
        Arrays.sort(millis);
        System.out.printf(
            "%s: first call %.0f ms, median of 50 %.1f ms, p90 %.1f ms%n",
            language, first, millis[25], millis[45]);
      }
      for (String code :
          new String[] {
            "export default await wait();", "await wait0(); for (;;) {} export default 1;"
          }) {
        double[] millis = new double[20];
        for (int i = 0; i < millis.length; i++) {
          java.util.concurrent.CompletableFuture<Object> called =
              new java.util.concurrent.CompletableFuture<>();
          HostFunction wait =
              a -> {
                called.complete(true);
                return new java.util.concurrent.CompletableFuture<>();
              };
          HostFunction wait0 =
              a -> {
                called.complete(true);
                return java.util.concurrent.CompletableFuture.completedFuture(true);
              };
          CodeExecution handle =
              sandbox.run(
                  "bench",
                  code,
                  CodeOptions.defaults()
                      .withGlobals(java.util.Map.of("wait", wait, "wait0", wait0)));
          called.get(60, TimeUnit.SECONDS);
          Thread.sleep(5); // into the wait, or the loop
          long t = System.nanoTime();
          handle.terminate("bench");
          handle.result().get(60, TimeUnit.SECONDS);
          millis[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(millis);
        System.out.printf(
            "terminate (%s): median of 20 %.1f ms, max %.1f ms%n",
            code.contains("for") ? "tight loop" : "yield point", millis[10], millis[19]);
      }
    }
    Runtime rt = Runtime.getRuntime();
    System.out.printf("heap used after: %d MB%n", (rt.totalMemory() - rt.freeMemory()) >> 20);
  }
}
