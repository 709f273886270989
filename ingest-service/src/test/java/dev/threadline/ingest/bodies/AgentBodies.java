package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.threadline.avro.AgentDefinition;
import java.time.Instant;

/** Agent definitions read from JSON as {@code PUT /v1/agents/{name}} reads them, for tenant-a. */
final class AgentBodies {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AgentBodies() {}

  /** Agent {@code name} from {@code json}. */
  static AgentDefinition read(String name, String json) throws Exception {
    return AgentJson.read(name, "tenant-a", JSON.readTree(json), Instant.EPOCH);
  }

  /** Agent {@code name} of the scripted model with the fields {@code rest} (",\"key\":…"). */
  static AgentDefinition scripted(String name, String rest) throws Exception {
    return read(name, "{\"model\":{\"provider\":\"scripted\"}" + rest + "}");
  }
}
