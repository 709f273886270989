package dev.threadline.serde;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Guards principle 4: every public topic schema can read data written with every earlier released
 * version (BACKWARD_TRANSITIVE), using the versions committed under {@code
 * src/test/resources/schema-history/<Type>/v<N>.avsc}. When you release a schema change, add its
 * full schema as the next version.
 */
class SchemaHistoryTest {

  static Stream<Class<? extends SpecificRecord>> publicTopicValues() {
    return PublicSchemas.TOPIC_VALUES.stream();
  }

  @ParameterizedTest
  @MethodSource("publicTopicValues")
  void currentSchemaReadsEveryCommittedEarlierVersion(Class<? extends SpecificRecord> type)
      throws Exception {
    Schema current = SpecificData.get().getSchema(type);
    List<Path> history = history(type.getSimpleName());
    assertThat(history).as("committed versions of %s", type.getSimpleName()).isNotEmpty();
    for (Path version : history) {
      Schema earlier = new Schema.Parser().parse(version.toFile());
      var result = SchemaCompatibility.checkReaderWriterCompatibility(current, earlier);
      assertThat(result.getType())
          .as(
              "%s must read data written with %s: %s",
              type.getSimpleName(), version.getFileName(), result.getDescription())
          .isEqualTo(SchemaCompatibilityType.COMPATIBLE);
    }
  }

  @Test
  void theCheckRejectsAnIncompatibleChange() throws Exception {
    // A new required field without a default cannot be filled when reading old data.
    Schema earlier = new Schema.Parser().parse(history("ToolResult").getFirst().toFile());
    ObjectMapper json = new ObjectMapper();
    ObjectNode changed = (ObjectNode) json.readTree(earlier.toString());
    ((ArrayNode) changed.get("fields")).addObject().put("name", "costCents").put("type", "long");
    Schema incompatible = new Schema.Parser().parse(changed.toString());

    var result = SchemaCompatibility.checkReaderWriterCompatibility(incompatible, earlier);

    assertThat(result.getType()).isEqualTo(SchemaCompatibilityType.INCOMPATIBLE);
    assertThat(result.getResult().getIncompatibilities().toString()).contains("costCents");
  }

  static List<Path> history(String typeName) throws IOException, URISyntaxException {
    var dir = SchemaHistoryTest.class.getResource("/schema-history/" + typeName);
    if (dir == null) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
      return files.filter(p -> p.toString().endsWith(".avsc")).sorted().toList();
    }
  }

  static Schema resourceSchema(String path) throws IOException {
    try (InputStream in = SchemaHistoryTest.class.getResourceAsStream(path)) {
      return new Schema.Parser().parse(in);
    }
  }
}
