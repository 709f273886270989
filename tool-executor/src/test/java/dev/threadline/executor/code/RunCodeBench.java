package dev.threadline.executor.code;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Prints what a runCode call costs on this machine (docs/tools.md, "Code execution"): the engine's
 * start, the first call, and the median of later calls of a small TypeScript and JavaScript module.
 * Run: {@code java -cp <test classpath> dev.threadline.executor.code.RunCodeBench}.
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
    }
    Runtime rt = Runtime.getRuntime();
    System.out.printf("heap used after: %d MB%n", (rt.totalMemory() - rt.freeMemory()) >> 20);
  }
}
