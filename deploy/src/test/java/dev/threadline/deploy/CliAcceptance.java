package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.deploy.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Every command of the {@code threadline} CLI against the running stack, as a person or a script
 * would use it: definitions stored and refused by field, a thread started, shown, followed live,
 * answered, approved, denied, aborted, terminated and deleted, a run streamed, stats and
 * completion, and the exit codes that say what went wrong.
 */
final class CliAcceptance {
  private final StackClient stack;
  private final Map<String, String> env;
  private final Path scratch;

  CliAcceptance(StackClient stack, String baseUrl, String apiKey, Path scratch) {
    this.stack = stack;
    this.env = Map.of("THREADLINE_URL", baseUrl, "THREADLINE_API_KEY", apiKey);
    this.scratch = scratch;
  }

  record Result(int code, String out, String err) {}

  Result cli(String... args) {
    return cli(env, args);
  }

  private static Result cli(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Cli.run(
            args,
            env,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  void run() throws Exception {
    Path agent = scratch.resolve("cli-agent.json");
    Files.writeString(
        agent,
        """
        {"model": {"provider": "scripted", "script": [
           {"toolCalls": [{"name": "current_time", "arguments": {}}]}, {"text": "the time is known"}]},
         "systemPrompt": "CLI agent", "tools": [{"name": "current_time", "permission": "ask"}],
         "stop": {"stopOnResponse": true, "maxSteps": 5}}""");
    assertThat(cli("agents", "put", "cli-agent", "-f", agent.toString()).out())
        .contains("stored cli-agent");
    assertThat(cli("agents", "list").out()).contains("cli-agent");
    // Models and prompts are the same commands over their own collections.
    Path prompt = scratch.resolve("cli-prompt.json");
    Files.writeString(
        prompt,
        """
        {"prompt": "Answer in one line.", "toolDescription": "a one-line answer",
         "model": {"provider": "scripted", "script": [{"text": "a prompt's answer"}]}}""");
    assertThat(cli("prompts", "put", "cli-prompt", "-f", prompt.toString()).code()).isZero();
    assertThat(cli("prompts", "list").out()).contains("cli-prompt");
    assertThat(cli("prompts", "delete", "cli-prompt").code()).isZero();
    assertThat(cli("models", "list").code()).isZero();
    assertThat(cli("models", "get", "no-such-model").code()).isEqualTo(3);
    assertThat(cli("agents", "get", "cli-agent").out()).contains("CLI agent");
    Path bad = scratch.resolve("bad-agent.json");
    Files.writeString(bad, "{\"tools\": 5}");
    Result refused = cli("agents", "put", "cli-bad", "-f", bad.toString());
    assertThat(refused.code()).as(refused.err()).isEqualTo(4);
    assertThat(refused.err()).contains("tools");

    String approved = cli("threads", "start", "cli-agent", "what time is it").out().strip();
    String callId = awaitApproval(approved);
    // Each wait on the stack has a deadline: a command that hangs fails the run, not blocks it.
    CompletableFuture<Result> tail =
        CompletableFuture.supplyAsync(
            () -> cli("threads", "tail", approved, "--after", "0", "--until", "TurnCompleted"));
    assertThat(cli("threads", "approve", approved, callId).code()).isZero();
    Result followed = tail.get(120, TimeUnit.SECONDS);
    assertThat(followed.out()).contains("ApprovalRequested").contains("TurnCompleted");
    assertThat(cli("threads", "show", approved).out()).contains("assistant: the time is known");

    String denied = cli("threads", "start", "cli-agent", "and now?").out().strip();
    assertThat(
            cli("threads", "deny", denied, awaitApproval(denied), "--reason", "not today").code())
        .isZero();
    stack.awaitThread(
        denied, t -> t.path("status").asText().equals("IDLE"), "the denied turn's end");
    assertThat(cli("threads", "show", denied).out()).contains("not today");

    assertThat(cli("threads", "send", denied, "one more", "--queue").out()).contains("sent");
    Path talker = scratch.resolve("cli-talker.json");
    Files.writeString(
        talker,
        """
        {"model": {"provider": "scripted", "stream": true, "script": [{"text": "hello from the run"}]},
         "systemPrompt": "CLI talker", "stop": {"stopOnResponse": true, "maxSteps": 3}}""");
    assertThat(cli("agents", "put", "cli-talker", "-f", talker.toString()).code()).isZero();
    String talking = cli("threads", "start", "cli-talker", "hi").out().strip();
    stack.awaitThread(
        talking, t -> t.path("status").asText().equals("IDLE"), "the first turn's end");
    Result run =
        CompletableFuture.supplyAsync(() -> cli("runs", "stream", talking, "again"))
            .get(120, TimeUnit.SECONDS);
    assertThat(run.out()).contains("hello from the run").contains("end");
    assertThat(cli("threads", "abort", denied).code()).isZero();
    JsonNode listed =
        StackClient.JSON.readTree(cli("threads", "list", "--agent", "cli-agent", "--json").out());
    assertThat(listed.path("threads").size()).isEqualTo(2);
    assertThat(cli("threads", "terminate", approved).code()).isZero();
    stack.awaitThread(approved, t -> t.path("status").asText().equals("TERMINATED"), "terminated");
    assertThat(cli("threads", "delete", denied).code()).isZero();

    assertThat(StackClient.JSON.readTree(cli("stats", "--json").out()).path("models").isArray())
        .isTrue();
    assertThat(cli("completion").out()).contains("threadline");
    assertThat(cli("threads", "show", "no-such-thread").code()).isEqualTo(3);
    assertThat(cli("agents", "delete", "cli-agent").code()).isZero();
    assertThat(cli("agents", "delete", "cli-talker").code()).isZero();
    Map<String, String> wrongKey =
        Map.of("THREADLINE_URL", env.get("THREADLINE_URL"), "THREADLINE_API_KEY", "wrong");
    assertThat(cli(wrongKey, "threads", "list").code()).isEqualTo(5);
  }

  private String awaitApproval(String thread) throws Exception {
    java.util.List<JsonNode> events =
        stack.awaitEvents(
            thread, e -> StackClient.count(e, "ApprovalRequested") == 1, "an approval");
    return StackClient.first(events, "ApprovalRequested").path("payload").path("callId").asText();
  }
}
