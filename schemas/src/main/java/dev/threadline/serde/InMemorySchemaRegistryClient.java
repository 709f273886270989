package dev.threadline.serde;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;

/**
 * A registry held in memory, for {@code TopologyTestDriver} tests and other single-JVM uses (the
 * counterpart of Confluent's {@code MockSchemaRegistryClient}). Ids are global and start at 1;
 * registering an equal schema again returns its id. No compatibility checks.
 */
public final class InMemorySchemaRegistryClient implements SchemaRegistryClient {
  private final Map<Long, Integer> idByFingerprint = new HashMap<>();
  private final Map<Integer, Schema> schemaById = new HashMap<>();
  private final Map<String, List<Integer>> versionsBySubject = new HashMap<>();

  @Override
  public synchronized int register(String subject, Schema schema) {
    int id =
        idByFingerprint.computeIfAbsent(
            SchemaNormalization.parsingFingerprint64(schema), f -> schemaById.size() + 1);
    schemaById.putIfAbsent(id, schema);
    List<Integer> versions = versionsBySubject.computeIfAbsent(subject, s -> new ArrayList<>());
    if (!versions.contains(id)) {
      versions.add(id);
    }
    return id;
  }

  @Override
  public synchronized int lookup(String subject, Schema schema) {
    Integer id = idByFingerprint.get(SchemaNormalization.parsingFingerprint64(schema));
    if (id == null || !versionsBySubject.getOrDefault(subject, List.of()).contains(id)) {
      throw new SchemaRegistryException(
          "Schema not found under subject '" + subject + "' (in-memory registry)",
          404,
          40403,
          null);
    }
    return id;
  }

  @Override
  public synchronized RegisteredSchema latest(String subject) {
    List<Integer> versions = versionsBySubject.get(subject);
    if (versions == null || versions.isEmpty()) {
      throw new SchemaRegistryException(
          "Subject '" + subject + "' not found (in-memory registry)", 404, 40401, null);
    }
    int id = versions.getLast();
    return new RegisteredSchema(id, versions.size(), schemaById.get(id));
  }

  @Override
  public synchronized Schema byId(int id) {
    Schema schema = schemaById.get(id);
    if (schema == null) {
      throw new SchemaRegistryException(
          "Schema id " + id + " not found (in-memory registry)", 404, 40403, null);
    }
    return schema;
  }

  @Override
  public String url() {
    return "in-memory";
  }
}
