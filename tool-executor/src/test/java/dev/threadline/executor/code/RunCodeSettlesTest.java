package dev.threadline.executor.code;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.executor.code.CodeResult.Status;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Spec §13.5: every run settles, whatever the code hands back or throws — a value or an error whose
 * reading throws is an {@code error} saying so, never a handle that waits for ever holding the
 * tenant's code slot; {@code link_error} is the linker's alone (a module or export that is not
 * there), never a throw of the code's, whatever it is named or says.
 */
class RunCodeSettlesTest {
  private static CodeSandbox sandbox;

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

  private static CodeResult run(String source) throws Exception {
    return sandbox
        .run("tenant-a", source, CodeOptions.defaults().withLanguage("javascript"))
        .result()
        .get(30, TimeUnit.SECONDS);
  }

  @Test
  void aResultWhoseGetterThrowsSettlesAsAnErrorSayingSo() throws Exception {
    CodeResult result = run("export default { get x() { throw new Error('no x here'); } };");

    assertThat(result.status()).isEqualTo(Status.ERROR);
    assertThat(result.error().message()).contains("no x here");
  }

  @Test
  void aThrownErrorWhoseMessageGetterThrowsSettlesAsAnError() throws Exception {
    CodeResult result =
        run(
            "const e = new Error('outer');\n"
                + "Object.defineProperty(e, 'message', { get() { throw new Error('inner'); } });\n"
                + "throw e;\nexport default 1;");

    assertThat(result.status()).isEqualTo(Status.ERROR);
    assertThat(result.error().message()).isNotBlank();
  }

  @Test
  void aThrownValueWhoseNameGetterThrowsFromTheExportSettlesAsAnError() throws Exception {
    CodeResult result =
        run(
            "export default function () {\n"
                + "  throw { get name() { throw 1; }, get message() { throw 2; } };\n"
                + "}");

    assertThat(result.status()).isEqualTo(Status.ERROR);
  }

  @Test
  void anErrorTheCodeNamesLinkErrorIsAnError() throws Exception {
    CodeResult named =
        run(
            "class LinkError extends Error { get name() { return 'LinkError'; } }\n"
                + "throw new LinkError('made up');\nexport default 1;");
    CodeResult fromTheExport =
        run(
            "export default function () { const e = new Error('x'); e.name = 'LinkError'; throw e; }");

    assertThat(named.status()).isEqualTo(Status.ERROR);
    assertThat(fromTheExport.status()).isEqualTo(Status.ERROR);
  }

  @Test
  void aThrowThatReadsLikeALinkFailureIsAnError() throws Exception {
    CodeResult result =
        run("throw new Error(\"Cannot find module 'left-pad'\");\nexport default 1;");

    assertThat(result.status()).isEqualTo(Status.ERROR);
  }

  @Test
  void theLinkersOwnFailuresStayLinkErrors() throws Exception {
    assertThat(run("import x from 'nowhere';\nexport default x;").status())
        .isEqualTo(Status.LINK_ERROR);
    assertThat(run("export const a = 1;").status())
        .as("no default export")
        .isEqualTo(Status.LINK_ERROR);
  }
}
