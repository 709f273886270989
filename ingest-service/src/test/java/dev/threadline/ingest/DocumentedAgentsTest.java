package dev.threadline.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.ingest.bodies.AgentJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every agent definition the docs and the README show (a JSON block, or a {@code curl -d} body,
 * with an inline model) is one the API takes as it is written there: the strict reading refuses
 * fields a definition does not have, so an example that drifted from the code fails here.
 */
class DocumentedAgentsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern BLOCK = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern CURL_BODY = Pattern.compile("-d '(\\{.*?\\})'", Pattern.DOTALL);

  @Test
  void everyDocumentedAgentDefinitionIsAccepted() throws Exception {
    List<JsonNode> agents = documentedAgents();
    assertThat(agents).hasSizeGreaterThanOrEqualTo(6);
    for (JsonNode agent : agents) {
      assertDoesNotThrow(
          () -> AgentJson.read("documented", "tenant-a", agent, Instant.EPOCH),
          () -> "the docs show an agent the API refuses: " + agent);
    }
  }

  private static List<JsonNode> documentedAgents() throws Exception {
    Path root = Path.of("..").toAbsolutePath().normalize();
    List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).forEach(pages::add);
    }
    List<JsonNode> agents = new ArrayList<>();
    for (Path page : pages) {
      String text = Files.readString(page);
      for (Pattern pattern : List.of(BLOCK, CURL_BODY)) {
        Matcher m = pattern.matcher(text);
        while (m.find()) {
          JsonNode node;
          try {
            node = JSON.readTree(m.group(1));
          } catch (Exception notJson) {
            continue; // a sketch with "…" in it, not a body
          }
          if (node.path("model").path("provider").isTextual()) {
            agents.add(node);
          }
        }
      }
    }
    return agents;
  }
}
