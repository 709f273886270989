package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Executors in two languages serve one turn: {@code src/test/js/node-executor} (kafkajs and {@code
 * @kafkajs/confluent-schema-registry}, as docs/tools.md describes an executor in any language)
 * serves {@code node_weather}, which the stack's Java executor is told to leave ({@code
 * threadline.executor.tools.elsewhere}); a model that calls {@code echo} and {@code node_weather}
 * in one reply gets both results — each answered once, neither {@code unknown_tool}. Needs Node.js
 * and npm; without them it says so and checks nothing.
 */
record PolyglotExecutorsAcceptance(
    StackClient stack, String bootstrap, String registryUrl, String topicPrefix) {
  static final String NODE_TOOL = "node_weather";
  private static final NodeScripts SCRIPTS = new NodeScripts("node-executor");

  static final String FORECASTER =
      """
      {"model": {"provider": "scripted", "script": [
         {"toolCalls": [{"name": "echo", "arguments": {"n": 1}},
                        {"name": "node_weather", "arguments": {"city": "Lisbon"}}]},
         {"text": "done"}]},
       "tools": [{"name": "echo", "permission": "allow"},
                 {"name": "node_weather", "permission": "allow"}],
       "stop": {"stopOnResponse": true, "maxSteps": 4}}""";

  void run() throws Exception {
    if (!NodeScripts.available()) {
      System.out.println("PolyglotExecutorsAcceptance: no node and npm on this machine; not run");
      return;
    }
    SCRIPTS.install("kafkajs");
    Process node =
        SCRIPTS.spawn(
            List.of("node", "node-executor.mjs"),
            Map.of(
                "BOOTSTRAP", bootstrap,
                "REGISTRY_URL", registryUrl,
                "TOPIC_PREFIX", topicPrefix,
                "RUN_MS", "180000"));
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!SCRIPTS.output().contains("node-executor: ready")) {
        assertThat(node.isAlive()).as("the Node executor: %s", SCRIPTS.output()).isTrue();
        assertThat(System.nanoTime()).as("the Node executor ready").isLessThan(deadline);
        Thread.sleep(200);
      }
      stack.putAgent("forecaster", FORECASTER);
      String threadId = stack.createThread("{\"agent\": \"forecaster\", \"message\": \"weather\"}");
      List<JsonNode> events =
          stack.awaitEvents(threadId, e -> StackClient.count(e, "TurnCompleted") >= 1, "a turn");

      List<String> results =
          StackClient.toolResults(events).stream().map(r -> r.path("content").asText()).toList();
      assertThat(results).hasSize(2);
      assertThat(results).anyMatch(r -> r.contains("\"servedBy\":\"node\""));
      assertThat(results).anyMatch(r -> r.equals("{\"n\":1}"));
      assertThat(results).noneMatch(r -> r.contains("unknown_tool"));
      assertThat(StackClient.count(events, "ToolCallCompleted")).isEqualTo(2);
    } finally {
      node.destroy();
      node.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
