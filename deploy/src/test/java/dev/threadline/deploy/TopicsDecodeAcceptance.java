package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * Every topic of a real run, read by a consumer in another language: {@code
 * src/test/js/topics-decode-check} (kafkajs and {@code @kafkajs/confluent-schema-registry} from the
 * npm registry, unchanged) decodes every record of every Threadline topic through the registry — no
 * long a JavaScript number cannot hold, no schema it cannot read. Needs Node.js and npm; without
 * them it says so and checks nothing.
 */
record TopicsDecodeAcceptance(String bootstrap, String registryUrl, String topicPrefix) {
  private static final NodeScripts SCRIPTS = new NodeScripts("topics-decode-check");

  void run() throws Exception {
    if (!NodeScripts.available()) {
      System.out.println("TopicsDecodeAcceptance: no node and npm on this machine; not run");
      return;
    }
    SCRIPTS.install("kafkajs");
    String output =
        SCRIPTS.run(
            List.of("node", "topics-decode-check.mjs"),
            Map.of(
                "BOOTSTRAP", bootstrap, "REGISTRY_URL", registryUrl, "TOPIC_PREFIX", topicPrefix),
            300);
    assertThat(output).as(output).contains("topics-decode-check: ok");
    String counts =
        output.lines().filter(l -> l.startsWith("{\"decoded\"")).findFirst().orElseThrow();
    JsonNode decoded = StackClient.JSON.readTree(counts).path("decoded");
    for (String topic :
        List.of(
            "thread-commands",
            "thread-events",
            "model-requests.task",
            "model-results",
            "tool-requests.task",
            "tool-results",
            "thread-deltas",
            "agent-definitions")) {
      assertThat(decoded.path(topicPrefix + topic).asLong())
          .as("records of %s decoded in Node: %s", topic, decoded)
          .isPositive();
    }
  }
}
