package dev.threadline.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the CLI says and answers when it cannot do what it was asked (no stack needed). */
class CliTest {
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(Map<String, String> env, String... args) {
    return Cli.run(
        args,
        env,
        new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void aStackThatDoesNotAnswerExitsSixAndSaysHowToStartOne() {
    int code =
        run(Map.of("THREADLINE_URL", "http://127.0.0.1:1", "THREADLINE_API_KEY", "k"), "stats");
    assertThat(code).isEqualTo(6);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("./threadline up");
  }

  @Test
  void wrongUsageExitsTwo() {
    assertThat(run(Map.of(), "threads", "no-such-command")).isEqualTo(2);
    assertThat(run(Map.of(), "threads", "send", "only-an-id")).isEqualTo(2);
  }

  @Test
  void noApiKeyExitsFiveAndNamesWhereOneIsLookedFor() {
    int code = run(Map.of("THREADLINE_DATA", "/nonexistent-threadline"), "threads", "list");
    assertThat(code).isEqualTo(5);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("THREADLINE_API_KEY")
        .contains("/nonexistent-threadline/api-key");
  }

  @Test
  void aProblemIsPrintedWithEveryFieldItNamesOnce() {
    String body =
        "{\"title\":\"Invalid request\",\"detail\":\"tools: must be a JSON array\","
            + "\"errors\":[{\"field\":\"tools\",\"message\":\"must be a JSON array\"},"
            + "{\"field\":\"stop.maxSteps\",\"message\":\"must be positive\"}]}";
    assertThat(Api.problem(422, body))
        .isEqualTo(
            "Invalid request: tools: must be a JSON array\n  stop.maxSteps: must be positive");
    assertThat(Api.problem(502, "upstream down")).isEqualTo("HTTP 502: upstream down");
    assertThat(CliException.forStatus(404)).isEqualTo(3);
    assertThat(CliException.forStatus(422)).isEqualTo(4);
    assertThat(CliException.forStatus(401)).isEqualTo(5);
    assertThat(CliException.forStatus(503)).isEqualTo(6);
  }
}
