package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.testkit.StrictChatCompletions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The official LangGraph JS SDK ({@code @langchain/langgraph-sdk}, from the npm registry,
 * unchanged) drives Threadline's Agent Server endpoints through the ingest's base URL: {@code
 * src/test/js/langgraph-sdk-check.mjs} searches assistants, streams a run token by token (the
 * {@code openai} provider against the strict stand-in, which streams word by word), waits for one,
 * approves an interrupt, and rejoins a run after disconnecting. Needs Node.js and npm (the machines
 * CI runs on have both); without them it says so and checks nothing.
 */
record LangGraphSdkAcceptance(StackClient stack) implements ScriptedAcceptance {
  private static final String MODEL =
      "{\"provider\": \"openai\", \"model\": \"gpt-test\", \"endpoint\": \"strict\"}";
  static final String CHATTY =
      "{\"model\": "
          + MODEL
          + ", \"systemPrompt\": \"LG chatty\", \"stop\": {\"stopOnResponse\": true}}";
  static final String ASKER =
      "{\"model\": "
          + MODEL
          + ", \"systemPrompt\": \"LG asker\","
          + " \"tools\": [{\"name\": \"echo\", \"permission\": \"ask\"}],"
          + " \"stop\": {\"stopOnResponse\": true, \"maxSteps\": 5}}";

  /** The chatty agent greets; the asker calls echo, then says it is done. */
  @Override
  public StrictChatCompletions.Reply answer(JsonNode request) {
    JsonNode messages = request.path("messages");
    boolean asker = messages.get(0).path("content").asText().contains("LG asker");
    if (!asker) {
      return StrictChatCompletions.Reply.text("hello there from the model");
    }
    return messages.get(messages.size() - 1).path("role").asText().equals("tool")
        ? StrictChatCompletions.Reply.text("deployed")
        : StrictChatCompletions.Reply.calls(
            new StrictChatCompletions.Call("call_deploy", "echo", "{\"target\":\"prod\"}"));
  }

  private static final Path SOURCES = Path.of("src/test/js");
  private static final Path WORK = Path.of("target/langgraph-sdk-check");

  @Override
  public void run(StrictChatCompletions endpoint) throws Exception {
    if (!onPath("node") || !onPath("npm")) {
      System.out.println("LangGraphSdkAcceptance: no node and npm on this machine; not run");
      return;
    }
    stack.putAgent("lg-chatty", CHATTY);
    stack.putAgent("lg-asker", ASKER);
    Files.createDirectories(WORK);
    for (String file : List.of("package.json", "langgraph-sdk-check.mjs")) {
      Files.copy(
          SOURCES.resolve(file),
          WORK.resolve(file),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    if (!Files.isDirectory(WORK.resolve("node_modules/@langchain/langgraph-sdk"))) {
      assertThat(run(List.of("npm", "install", "--no-audit", "--no-fund"), 300))
          .as("npm install of the SDK")
          .contains("added");
    }
    String output = run(List.of("node", "langgraph-sdk-check.mjs"), 300);
    assertThat(output).as(output).contains("langgraph-sdk-check: ok");
    assertThat(endpoint.refusals()).as("requests the endpoint refused").isEmpty();
  }

  private String run(List<String> command, int seconds) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(WORK.toFile())
            .redirectErrorStream(true)
            .redirectOutput(WORK.resolve("output.txt").toFile());
    builder.environment().put("THREADLINE_URL", stack.ingest());
    builder.environment().put("THREADLINE_API_KEY", stack.apiKey());
    Process process = builder.start();
    process.getOutputStream().close();
    boolean done = process.waitFor(seconds, TimeUnit.SECONDS);
    String output = Files.readString(WORK.resolve("output.txt"), StandardCharsets.UTF_8);
    if (!done) {
      process.destroyForcibly();
      throw new AssertionError(command + " did not finish in " + seconds + " s: " + output);
    }
    assertThat(process.exitValue()).as(command + ": " + output).isZero();
    return output;
  }

  private static boolean onPath(String tool) throws IOException {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }
}
