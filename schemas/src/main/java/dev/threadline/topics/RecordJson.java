package dev.threadline.topics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.avro.ThreadEvent;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;

/**
 * An Avro record as JSON, the way the read API and the analytics tables show it: every field by
 * name, timestamps as ISO-8601, enums by name, bytes in base64; an event as its envelope, {@code
 * type} (the payload record's name) and {@code payload}.
 */
public final class RecordJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private RecordJson() {}

  public static ObjectNode event(ThreadEvent e) {
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

  public static ObjectNode record(SpecificRecord record) {
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
