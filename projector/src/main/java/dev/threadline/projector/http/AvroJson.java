package dev.threadline.projector.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.store.ThreadSummary;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;

/**
 * Events and summaries as the HTTP API shows them. An event is its envelope ({@code threadId},
 * {@code tenantId}, {@code seq}, {@code turn}, {@code step}, {@code epoch}, {@code timestamp}) with
 * {@code type} (the payload record's name) and {@code payload}: every Avro field by name,
 * timestamps as ISO-8601, enums as their names.
 */
final class AvroJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private AvroJson() {}

  static ObjectNode event(ThreadEvent e) {
    ObjectNode node = F.objectNode();
    node.put("threadId", e.getThreadId());
    node.put("tenantId", e.getTenantId());
    node.put("seq", e.getSeq());
    node.put("turn", e.getTurn());
    node.put("step", e.getStep());
    node.put("epoch", e.getEpoch());
    node.put("timestamp", e.getTimestamp().toString());
    node.put("type", e.getPayload().getClass().getSimpleName());
    node.set("payload", record((SpecificRecord) e.getPayload()));
    return node;
  }

  static ObjectNode summary(ThreadSummary s) {
    ObjectNode node = F.objectNode();
    node.put("threadId", s.getThreadId());
    node.put("agent", s.getAgentName());
    node.put("status", s.getStatus().name());
    node.put("parentThreadId", s.getParentThreadId());
    node.put("childName", s.getChildName());
    // Spec (initAgentNameProperty): the name a parent gives its child is the thread tag
    // name:<value>.
    ArrayNode tags = node.putArray("tags");
    if (s.getChildName() != null) {
      tags.add("name:" + s.getChildName());
    }
    ArrayNode children = node.putArray("children");
    s.getChildren().forEach(children::add);
    node.put("childCount", Math.max(s.getChildCount(), s.getChildren().size()));
    node.put("turns", s.getTurns());
    node.put("steps", s.getSteps());
    node.put("toolCalls", s.getToolCalls());
    node.put("inputTokens", s.getInputTokens());
    node.put("outputTokens", s.getOutputTokens());
    node.put("createdAt", Instant.ofEpochMilli(s.getCreatedAt()).toString());
    node.put("lastActivity", Instant.ofEpochMilli(s.getLastActivity()).toString());
    node.put("lastSeq", s.getLastSeq());
    node.put("lastEvent", s.getLastEventType());
    ObjectNode metadata = node.putObject("metadata");
    s.getMetadata().forEach(metadata::put);
    if (s.getWaitingForBudget() != null) {
      // A budget holds the thread's next model call: which, and until when.
      node.put("waitingForBudget", s.getWaitingForBudget());
      node.put(
          "waitingForBudgetUntil", Instant.ofEpochMilli(s.getWaitingForBudgetUntil()).toString());
    }
    return node;
  }

  static ObjectNode record(SpecificRecord record) {
    ObjectNode node = F.objectNode();
    for (Schema.Field field : record.getSchema().getFields()) {
      node.set(field.name(), value(record.get(field.pos())));
    }
    return node;
  }

  private static JsonNode value(Object v) {
    return switch (v) {
      case null -> F.nullNode();
      case SpecificRecord r -> record(r);
      case CharSequence s -> F.textNode(s.toString());
      case Boolean b -> F.booleanNode(b);
      case Integer i -> F.numberNode(i);
      case Long l -> F.numberNode(l);
      case Float f -> F.numberNode(f);
      case Double d -> F.numberNode(d);
      case Enum<?> e -> F.textNode(e.name());
      case Instant t -> F.textNode(t.toString());
      case ByteBuffer b -> F.textNode(Base64.getEncoder().encodeToString(bytes(b)));
      case List<?> list -> {
        ArrayNode array = F.arrayNode();
        list.forEach(item -> array.add(value(item)));
        yield array;
      }
      case Map<?, ?> map -> {
        ObjectNode object = F.objectNode();
        map.forEach((k, item) -> object.set(k.toString(), value(item)));
        yield object;
      }
      default -> F.textNode(v.toString());
    };
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] copy = new byte[buffer.remaining()];
    buffer.duplicate().get(copy);
    return copy;
  }
}
