package dev.threadline.executor.code;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.executor.code.CodeResult.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §13.9 rule 6, the sandbox's walls: no code from a string (eval, Function), no shared memory,
 * no module from a URL, and no dynamic import however it is spelled — each refused by the engine
 * and its loader.
 */
class RunCodeWallsTest extends SandboxTest {
  // 6
  @Test
  void evalFunctionSharedArrayBufferAtomicsAndUrlImportsAreRejected() throws Exception {
    for (String code :
        List.of(
            "eval('1')",
            "new Function('return 1')()",
            "(function () {}).constructor('return 1')()",
            "(async function () {}).constructor('return 1')()")) {
      CodeResult result = run("export default " + code + ";");
      assertThat(result.status()).as(code).isEqualTo(Status.ERROR);
      assertThat(result.error().name()).as(code).isEqualTo("EvalError");
    }
    assertThat(run("export default [typeof SharedArrayBuffer, typeof Atomics];").result())
        .isEqualTo(List.of("undefined", "undefined"));
    for (String dynamic :
        List.of(
            "import('https://example.com/x.js')",
            "import('data:text/javascript,export default 7')",
            "import ( 'da' + 'ta:text/javascript,1' )")) {
      CodeResult result = run("export default await " + dynamic + ";");
      assertThat(result.status()).as(dynamic).isEqualTo(Status.LINK_ERROR);
    }
    for (String escaped :
        List.of(
            "export default await \\u0069mport('data:text/javascript,export default 7');",
            "import x fr\\u006fm 'data:text/javascript,export default 7'; export default x;",
            "import x from 'd\\u0061ta:text/javascript,export default 7'; export default x;")) {
      CodeResult result = run(escaped, CodeOptions.defaults().withLanguage("javascript"));
      assertThat(result.status()).as(escaped).isNotEqualTo(Status.OK);
      assertThat(String.valueOf(result.result())).as(escaped).doesNotContain("7");
    }
  }

  // 6: the loader and the engine refuse, not a reading of the text — so no spelling gets through
  @Test
  void dynamicImportIsRefusedByTheEngineHoweverItIsSpelled() throws Exception {
    String seven = "data:text/javascript,export%20default%207";
    String eight = "data:text/javascript,export%20function%20f()%7Breturn%208%7D";
    for (String code :
        List.of(
            "export default ({...await import('" + seven + "')});",
            "export default [...[await import('" + seven + "')]].length;",
            "const m = [0].map(() => import('" + eight + "'))[0]; export default (await m).f();",
            "export default (await import('DATA:text/javascript,export%20default%207')).default;",
            "export default (await import('data:text/javascript;base64,"
                + java.util.Base64.getEncoder()
                    .encodeToString(
                        "export default 7".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                + "')).default;",
            "export default (await import('./util.ts')).three;",
            "export default (await import('/@threadline/host.mjs')).default;")) {
      CodeOptions options =
          CodeOptions.defaults()
              .withLanguage("javascript")
              .withModules(Map.of("./util.ts", "export const three = 3;"));
      CodeResult result = run(code, options);
      assertThat(result.status()).as(code).isEqualTo(Status.LINK_ERROR);
      assertThat(String.valueOf(result.result())).as(code).doesNotContain("7").doesNotContain("8");
    }
    String leak = "data:text/javascript,globalThis.leak%3D7";
    for (String spelling :
        List.of(
            "({...import('" + leak + "')});",
            "[].concat(...[0]).map(() =>import('" + leak + "'));",
            "const k = 'imp'; ({...import(`${'" + leak + "'}`)});")) {
      CodeResult result =
          run(
              spelling
                  + " for (let i = 0; i < 50 && globalThis.leak === undefined; i++) await null;"
                  + " export default globalThis.leak ?? 'none';",
              CodeOptions.defaults().withLanguage("javascript"));
      assertThat(result.result())
          .as("what the imported module did: %s", spelling)
          .isEqualTo("none");
    }
    CodeResult caught =
        run(
            "let ran = false;"
                + " try { ran = (await import('"
                + seven
                + "')).default === 7; } catch (e) {}"
                + " export default ran;",
            CodeOptions.defaults().withLanguage("javascript"));
    assertThat(caught.status()).as("a refusal the code catches").isEqualTo(Status.OK);
    assertThat(caught.result()).as("the module's code never ran").isEqualTo(false);
  }
}
