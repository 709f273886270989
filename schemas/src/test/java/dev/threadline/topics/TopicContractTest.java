package dev.threadline.topics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.McpServerTools;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.avro.StoreItem;
import dev.threadline.avro.TenantThreads;
import dev.threadline.avro.TenantUsage;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadDataKey;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * docs/topics.md is the contract producers and consumers read: its reference section is the one
 * {@link SchemaReference} writes from the Avro schemas, so no event or command type, and no field,
 * can be missing from it or outlive its schema. {@code -Dcontract.update=true} rewrites it.
 */
class TopicContractTest {
  private static final Path PAGE = Path.of("..", "docs", "topics.md");
  static final String BEGIN =
      "<!-- The reference below is written from the Avro schemas by TopicContractTest"
          + " (-Dcontract.update=true); do not edit it by hand. -->\n";
  static final String END = "<!-- end of the reference written from the schemas -->\n";

  /** Each topic's value schema, in the order of the page's topic table. */
  static Map<String, Schema> topics() {
    Map<String, Schema> topics = new LinkedHashMap<>();
    topics.put("`thread-commands`", ThreadCommand.getClassSchema());
    topics.put("`model-requests.{chat,task,chore,will}`", ModelRequest.getClassSchema());
    topics.put("`model-results`", ModelResult.getClassSchema());
    topics.put("`tool-requests.{chat,task,chore,will}`", ToolRequest.getClassSchema());
    topics.put("`tool-results`", ToolResult.getClassSchema());
    topics.put("`thread-events`", ThreadEvent.getClassSchema());
    topics.put("`thread-deltas`", ContentDelta.getClassSchema());
    topics.put("`thread-data-keys`", ThreadDataKey.getClassSchema());
    topics.put("`agent-definitions`", AgentDefinition.getClassSchema());
    topics.put("`definitions`", NamedDefinition.getClassSchema());
    topics.put("`tenant-thread-counts`", TenantThreads.getClassSchema());
    topics.put("`tenant-usage`", TenantUsage.getClassSchema());
    topics.put("`mcp-servers`", McpServerTools.getClassSchema());
    topics.put("`store-items`", StoreItem.getClassSchema());
    return topics;
  }

  @Test
  void theTopicsPageHoldsTheReferenceWrittenFromTheSchemas() throws Exception {
    String page = Files.readString(PAGE);
    int begin = page.indexOf(BEGIN);
    int end = page.indexOf(END);
    assertThat(begin).as("the reference's opening marker in " + PAGE).isNotNegative();
    assertThat(end).as("the reference's closing marker in " + PAGE).isGreaterThan(begin);
    String written = BEGIN + "\n" + SchemaReference.render(topics()) + END;
    String current = page.substring(begin, end + END.length());
    if (Boolean.getBoolean("contract.update")) {
      Files.writeString(
          PAGE, page.substring(0, begin) + written + page.substring(end + END.length()));
      return;
    }
    assertThat(current)
        .as(
            "docs/topics.md's reference differs from the schemas: run this test with"
                + " -Dcontract.update=true and commit the page")
        .isEqualTo(written);
  }

  @Test
  void everyTopicTheServicesCreateIsInThePagesTableAndItsReference() throws Exception {
    String page = Files.readString(PAGE);
    Topics all =
        new Topics(
            TopicsConfig.withPrefix(""),
            new SerdeFactory(
                java.util.Map.of(), new dev.threadline.serde.InMemorySchemaRegistryClient()));
    for (TopicDescriptor<?, ?> topic : all.all()) {
      String name = topic.name().replaceFirst("^(model|tool)-requests\\..*", "$1-requests.");
      assertThat(page).as("the topic table's row for " + name).contains("| `" + name);
      if (!name.equals("dead-letters")) {
        assertThat(topics().keySet())
            .as("the reference of " + name)
            .anyMatch(k -> k.startsWith("`" + name));
      }
    }
  }

  @Test
  void everyEventAndCommandTypeIsInTheReference() {
    String reference = SchemaReference.render(topics());
    for (Schema union :
        java.util.List.of(
            ThreadEvent.getClassSchema().getField("payload").schema(),
            ThreadCommand.getClassSchema().getField("payload").schema())) {
      assertThat(union.getTypes()).hasSizeGreaterThan(10);
      for (Schema type : union.getTypes()) {
        assertThat(reference).contains("#### `" + type.getName() + "`");
        for (Schema.Field field : type.getFields()) {
          assertThat(reference).contains("| `" + field.name() + "` |");
        }
      }
    }
  }
}
