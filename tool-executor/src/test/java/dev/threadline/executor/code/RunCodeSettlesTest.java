package dev.threadline.executor.code;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.executor.code.CodeResult.Status;
import org.junit.jupiter.api.Test;

/**
 * Spec §13.5: every run settles, whatever the code hands back or throws — a value or an error whose
 * reading throws is an {@code error} saying so, never a handle that waits for ever holding the
 * tenant's code slot; {@code link_error} is the linker's alone (a module or export that is not
 * there), never a throw of the code's, whatever it is named or says.
 */
class RunCodeSettlesTest extends SandboxTest {
  private static CodeResult js(String source) throws Exception {
    return run(source, CodeOptions.defaults().withLanguage("javascript"));
  }

  @Test
  void aResultWhoseGetterThrowsSettlesAsAnErrorSayingSo() throws Exception {
    CodeResult result = js("export default { get x() { throw new Error('no x here'); } };");

    assertThat(result.status()).isEqualTo(Status.ERROR);
    assertThat(result.error().message()).contains("no x here");
  }

  @Test
  void aThrownErrorWhoseMessageGetterThrowsSettlesAsAnError() throws Exception {
    CodeResult result =
        js(
            "const e = new Error('outer');\n"
                + "Object.defineProperty(e, 'message', { get() { throw new Error('inner'); } });\n"
                + "throw e;\nexport default 1;");

    assertThat(result.status()).isEqualTo(Status.ERROR);
    assertThat(result.error().message()).isNotBlank();
  }

  @Test
  void aThrownValueWhoseNameGetterThrowsFromTheExportSettlesAsAnError() throws Exception {
    CodeResult result =
        js(
            "export default function () {\n"
                + "  throw { get name() { throw 1; }, get message() { throw 2; } };\n"
                + "}");

    assertThat(result.status()).isEqualTo(Status.ERROR);
  }

  @Test
  void anErrorTheCodeNamesLinkErrorIsAnError() throws Exception {
    CodeResult named =
        js(
            "class LinkError extends Error { get name() { return 'LinkError'; } }\n"
                + "throw new LinkError('made up');\nexport default 1;");
    CodeResult fromTheExport =
        js(
            "export default function () { const e = new Error('x'); e.name = 'LinkError'; throw e; }");

    assertThat(named.status()).isEqualTo(Status.ERROR);
    assertThat(fromTheExport.status()).isEqualTo(Status.ERROR);
  }

  @Test
  void aThrowThatReadsLikeALinkFailureIsAnError() throws Exception {
    CodeResult result =
        js("throw new Error(\"Cannot find module 'left-pad'\");\nexport default 1;");

    assertThat(result.status()).isEqualTo(Status.ERROR);
  }

  @Test
  void theLinkersOwnFailuresStayLinkErrors() throws Exception {
    assertThat(js("import x from 'nowhere';\nexport default x;").status())
        .isEqualTo(Status.LINK_ERROR);
    assertThat(js("export const a = 1;").status())
        .as("no default export")
        .isEqualTo(Status.LINK_ERROR);
  }
}
