package dev.threadline.ingest.langgraph;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.AgentDefinition;
import dev.threadline.ingest.bodies.AgentJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An assistant's schemas and graph come from its agent: messages in and out, and the step loop with
 * each tool and subagent a node the agent goes to and comes back from.
 */
class AssistantGraphsTest {
  private static AgentDefinition agent() throws Exception {
    return AgentJson.read(
        "planner",
        "acme",
        new ObjectMapper()
            .readTree(
                "{\"model\": {\"provider\": \"scripted\", \"script\": [{\"text\": \"ok\"}]},"
                    + " \"tools\": [{\"name\": \"echo\"}],"
                    + " \"subagents\": [{\"name\": \"research\", \"agent\": \"researcher\","
                    + " \"description\": \"looks things up\"}]}"),
        Instant.EPOCH);
  }

  @Test
  void theInputIsMessages() throws Exception {
    JsonNode schemas = AssistantGraphs.schemas(agent());

    assertThat(schemas.path("graph_id").asText()).isEqualTo("planner");
    assertThat(schemas.at("/input_schema/required/0").asText()).isEqualTo("messages");
    assertThat(schemas.at("/state_schema/properties/messages/type").asText()).isEqualTo("array");
  }

  @Test
  void theGraphIsTheStepLoopWithItsToolsAndSubagents() throws Exception {
    JsonNode graph = AssistantGraphs.graph(agent());

    List<String> nodes = new ArrayList<>();
    graph.path("nodes").forEach(n -> nodes.add(n.path("id").asText()));
    assertThat(nodes).containsExactly("__start__", "agent", "__end__", "echo", "research");
    List<String> edges = new ArrayList<>();
    graph
        .path("edges")
        .forEach(e -> edges.add(e.path("source").asText() + ">" + e.path("target").asText()));
    assertThat(edges)
        .contains("__start__>agent", "agent>echo", "echo>agent", "agent>research", "agent>__end__");
    assertThat(graph.at("/nodes/4/data/agent").asText()).isEqualTo("researcher");
  }
}
