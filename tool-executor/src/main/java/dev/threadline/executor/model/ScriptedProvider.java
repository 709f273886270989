package dev.threadline.executor.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ToolCall;
import dev.threadline.avro.Usage;
import dev.threadline.serde.PooledJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A deterministic model configured in the agent definition, for demos, tests and benchmarks:
 *
 * <pre>{"provider": "scripted", "script": [
 *    {"toolCalls": [{"name": "echo", "arguments": {"n": 1}}]},
 *    {"text": "done", "usage": {"input": 10, "output": 2}}
 *  ], "latencyMs": 0, "stream": false}</pre>
 *
 * ({@code latencyMs}: a pause before each answer, at most 60,000.)
 *
 * <p>Entry i answers the i-th model call of a turn ({@code ModelRequest.turnCall}, retries after
 * errors included); past the end the last entry repeats. An entry with {@code "times": n} answers n
 * calls in a row, so a long scripted turn needs no long script (benchmarks run 1,000-step turns,
 * and the script travels in every request). An entry may also be {@code {"error": "rate_limited",
 * "retryable": true}}. With {@code "stream": true} text answers are also streamed word by word as
 * deltas. Tool call ids are {@code call_<turn>_<turnCall>_<index>}.
 *
 * <p>For a thread that runs several turns, {@code "turns": [[…], […]]} gives one script per turn
 * instead: turn {@code t} plays script {@code t} (past the end, the last one).
 */
public final class ScriptedProvider implements ModelProvider {
  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private static final int PARSED_CONFIGS = 64;
  static final long MAX_LATENCY_MS = 60_000;

  /**
   * Parsed configurations by their text: every call of an agent carries the same configuration, and
   * parsing it was a sixth of the executor's CPU in the benchmark. Parsed trees are only read.
   */
  private final Map<String, JsonNode> parsed =
      Collections.synchronizedMap(
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, JsonNode> eldest) {
              return size() > PARSED_CONFIGS;
            }
          });

  /** The built-in {@code scripted} kind, on every executor's classpath. */
  public static final class Factory implements ModelProviderFactory {
    @Override
    public String kind() {
      return "scripted";
    }

    @Override
    public ModelProvider create(ProviderContext context) {
      return new ScriptedProvider();
    }
  }

  @Override
  public String name() {
    return "scripted";
  }

  /**
   * Summarization requests do not consume script entries: the scripted model answers them with a
   * fixed-shape continuation artifact naming how much it summarized.
   */
  private static ModelOutcome compaction(ModelRequest request) {
    String transcript =
        request.getMessages().isEmpty()
            ? ""
            : String.valueOf(request.getMessages().getLast().getContent());
    long lines = transcript.lines().count();
    String artifact =
        "Goal: carry on with the thread's task\nCompleted work: "
            + lines
            + " transcript lines summarized by the scripted model"
            + "\nRemaining work: continue where the conversation stopped\nNext steps: answer the latest request";
    return new ModelOutcome.Reply(
        artifact,
        List.of(),
        new Usage(transcript.length() / 4L, artifact.length() / 4L, 0L, 0L),
        "stop",
        "scripted");
  }

  /**
   * The entry that answers model call {@code call} (from 1): entries count {@code times} calls each
   * (1 if absent), and past the end the last one repeats. Null when a {@code times} is not a whole
   * number of 1 or more.
   */
  static JsonNode entryFor(JsonNode script, int call) {
    int remaining = call;
    for (int i = 0; i < script.size(); i++) {
      JsonNode entry = script.get(i);
      int times = 1;
      if (entry.has("times")) {
        JsonNode value = entry.get("times");
        if (!value.canConvertToInt() || !value.isIntegralNumber() || value.asInt() < 1) {
          return null;
        }
        times = value.asInt();
      }
      if (remaining <= times) {
        return entry;
      }
      remaining -= times;
    }
    return script.get(script.size() - 1);
  }

  /** The script for {@code turn}, or null if the configuration has none. */
  private static JsonNode scriptOf(JsonNode config, int turn) {
    if (config == null) {
      return null;
    }
    JsonNode script = config.get("script");
    JsonNode turns = config.get("turns");
    if ((script == null || script.isNull())
        && turns != null
        && turns.isArray()
        && !turns.isEmpty()) {
      script = turns.get(Math.min(Math.max(turn, 1), turns.size()) - 1);
    }
    return script != null && script.isArray() && !script.isEmpty() ? script : null;
  }

  @Override
  public ModelOutcome complete(ModelRequest request, DeltaSink deltas) {
    JsonNode config;
    try {
      String text = request.getModel().getConfigJson();
      config = text == null ? null : parsed.get(text);
      if (config == null) {
        config = JSON.readTree(text);
        if (text != null) {
          parsed.put(text, config);
        }
      }
    } catch (IOException e) {
      return new ModelOutcome.Failure(
          "invalid_config", "scripted model configuration is not JSON: " + e.getMessage(), false);
    }
    JsonNode script = scriptOf(config, request.getTurn());
    if (script == null) {
      return new ModelOutcome.Failure(
          "invalid_config",
          "scripted model needs a non-empty 'script' array, or 'turns': an array of such scripts",
          false);
    }
    if ("compaction".equals(request.getPurpose())) {
      return compaction(request);
    }
    // A demo model's pause, never longer than a minute: a script is a tenant's input.
    long latency = Math.min(config.path("latencyMs").asLong(0), MAX_LATENCY_MS);
    if (latency > 0) {
      try {
        Thread.sleep(latency);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new ModelOutcome.Failure("interrupted", "executor is shutting down", true);
      }
    }
    int call = request.getTurnCall() > 0 ? request.getTurnCall() : request.getStep();
    JsonNode entry = entryFor(script, call);
    if (entry == null) {
      return new ModelOutcome.Failure(
          "invalid_config",
          "a scripted entry's 'times' must be a whole number of 1 or more",
          false);
    }
    if (entry.has("error")) {
      return new ModelOutcome.Failure(
          entry.get("error").asText(), "scripted error", entry.path("retryable").asBoolean(false));
    }
    List<ToolCall> calls = new ArrayList<>();
    JsonNode toolCalls = entry.path("toolCalls");
    for (int i = 0; i < toolCalls.size(); i++) {
      JsonNode c = toolCalls.get(i);
      String args = c.has("arguments") ? PooledJson.text(c.get("arguments")) : "{}";
      calls.add(
          new ToolCall(
              "call_" + request.getTurn() + "_" + call + "_" + i, c.path("name").asText(), args));
    }
    String text = entry.has("text") ? entry.get("text").asText() : null;
    if (text != null && config.path("stream").asBoolean(false)) {
      String[] words = text.split("(?<= )");
      for (int i = 0; i < words.length; i++) {
        deltas.delta(i, words[i]);
      }
    }
    JsonNode usage = entry.path("usage");
    return new ModelOutcome.Reply(
        text,
        calls,
        new Usage(usage.path("input").asLong(0), usage.path("output").asLong(0), 0L, 0L),
        calls.isEmpty() ? "stop" : "tool_calls",
        "scripted");
  }
}
