package dev.threadline.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.executor.tools.ThreadState;
import dev.threadline.executor.tools.Tool;
import dev.threadline.executor.tools.ToolContext;
import dev.threadline.executor.tools.ToolProvider;
import dev.threadline.executor.tools.Tools;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * User tools as a tool author writes them, on the executor of the ITs' stacks (through the {@code
 * ToolProvider} service file): {@code state_probe} reads its thread's {@code color}, and in one
 * result writes a value, queues a message, schedules an effect and emits an event; {@code
 * secret_probe} reads the thread's env, a secret included, and never returns the secret; {@code
 * key_probe} does the same with the key a subagent was given, and reads its parent thread; {@code
 * memory_probe} remembers a note in its tenant's store and recalls it from another thread.
 */
public final class ProbeTools implements ToolProvider {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public List<Tool> tools(Map<String, String> settings) {
    return List.of(
        Tools.of(
            "state_probe",
            "Reads the thread's color and leaves notes about it.",
            ProbeTools::stateProbe),
        Tools.of(
            "secret_probe",
            "Calls the weather API with the thread's token.",
            ProbeTools::secretProbe),
        Tools.of(
            "key_probe",
            "Opens the repository with the key this subagent was given.",
            ProbeTools::keyProbe),
        Tools.of(
            "memory_probe",
            "Remembers a note across threads ({op: remember, note}), or recalls it ({op: recall}).",
            ProbeTools::memoryProbe));
  }

  /** Its tenant's store, from one thread to the next: under {@code ["memories", "probe"]}. */
  private static String memoryProbe(ToolContext context, JsonNode arguments) {
    List<String> namespace = List.of("memories", "probe");
    if (arguments.path("op").asText().equals("remember")) {
      context
          .store()
          .put(
              namespace,
              "latest",
              JSON.createObjectNode()
                  .put("note", arguments.path("note").asText())
                  .put("thread", context.threadId()));
      return "remembered";
    }
    return context
        .store()
        .get(namespace, "latest")
        .map(v -> "recalled " + v.path("note").asText() + " from " + v.path("thread").asText())
        .orElse("nothing remembered");
  }

  private static String stateProbe(ToolContext context, JsonNode arguments) {
    ThreadState state = context.state();
    String color = state.getValue("color").map(JsonNode::asText).orElse("none");
    state.setValue("probe", JSON.createObjectNode().put("saw", color));
    state.queueMessage("probe says " + color);
    String effect = state.scheduleMessage(Duration.ofHours(1), "check the color again");
    state.writeFile(
        "/attachments/probe.txt",
        "text/plain",
        ("saw " + color).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    state.emit("probe", JSON.createObjectNode().put("color", color).put("effect", effect));
    String first = state.getMessage(1).map(m -> m.path("content").asText()).orElse("none");
    state.updateMessage(1, first + " (probed)");
    return JSON.createObjectNode()
        .put("saw", color)
        .put("status", state.thread().path("status").asText())
        .put("firstMessage", first)
        .put(
            "ownAgentsPrompt",
            state
                .getAgent(context.agentName())
                .map(a -> a.path("systemPrompt").asText())
                .orElse(""))
        .put("noSuchAgent", state.getAgent("no-such-agent").isEmpty())
        .toString();
  }

  /** Reads the key a child was given (scoped, secret), never returning it, and the env's names. */
  private static String keyProbe(ToolContext context, JsonNode arguments) {
    ThreadState state = context.state();
    String key = state.env("REPO_KEY").orElse("");
    var answer =
        JSON.createObjectNode()
            .put("keyChars", key.length())
            .put("keyLooksRight", key.startsWith("repo-"))
            .put("parent", state.parentThread().map(p -> p.path("threadId").asText()).orElse(""));
    state.envNames().forEach(answer.putArray("names")::add);
    return answer.toString();
  }

  /** Reads the thread's env: a text variable, and a secret it uses without ever returning it. */
  private static String secretProbe(ToolContext context, JsonNode arguments) {
    ThreadState state = context.state();
    String token = state.env("API_TOKEN").orElseThrow();
    return JSON.createObjectNode()
        .put("city", state.env("CITY").orElse("?"))
        .put("tokenChars", token.length())
        .put("tokenLooksRight", token.startsWith("s3cr3t-"))
        .toString();
  }
}
