package dev.threadline.topics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalType;
import org.apache.avro.Schema;

/**
 * The reference section of docs/topics.md, written from the topics' Avro schemas: every value
 * schema with its fields, every member of a union of records (the event and command types) with its
 * fields, and every named type they share — so the page cannot leave out a type or a field.
 */
final class SchemaReference {
  private final Map<String, Schema> shared = new TreeMap<>();
  private final List<String> inline = new ArrayList<>();

  private SchemaReference() {}

  /** The section for {@code topics}: topic name (or names) → its value schema. */
  static String render(Map<String, Schema> topics) {
    SchemaReference reference = new SchemaReference();
    StringBuilder out = new StringBuilder();
    topics.forEach((topic, schema) -> reference.topic(out, topic, schema));
    out.append("### Shared types\n\n");
    reference.shared.values().forEach(t -> reference.sharedType(out, t));
    return out.toString();
  }

  private void topic(StringBuilder out, String topic, Schema schema) {
    inline.add(schema.getFullName());
    out.append("### `").append(schema.getName()).append("` — ").append(topic).append("\n\n");
    doc(out, schema);
    List<Schema> members = new ArrayList<>();
    fields(out, schema, members);
    for (Schema member : members) {
      inline.add(member.getFullName());
    }
    for (Schema member : members) {
      out.append("#### `").append(member.getName()).append("`\n\n");
      doc(out, member);
      fields(out, member, new ArrayList<>());
    }
  }

  private void sharedType(StringBuilder out, Schema type) {
    out.append("#### `").append(type.getName()).append("`\n\n");
    doc(out, type);
    if (type.getType() == Schema.Type.ENUM) {
      out.append("An enum: ")
          .append(
              type.getEnumSymbols().stream()
                  .map(s -> "`" + s + "`")
                  .collect(Collectors.joining(", ")))
          .append(
              type.getEnumDefault() == null
                  ? ""
                  : " (readers meeting an unknown symbol: `" + type.getEnumDefault() + "`)")
          .append(".\n\n");
    } else {
      fields(out, type, new ArrayList<>());
    }
  }

  /**
   * The fields of {@code record} as a table; the record members of its unions into {@code members}.
   */
  private void fields(StringBuilder out, Schema record, List<Schema> members) {
    if (record.getFields().isEmpty()) {
      out.append("No fields.\n\n");
      return;
    }
    out.append("| field | type | |\n|---|---|---|\n");
    for (Schema.Field field : record.getFields()) {
      List<Schema> records =
          field.schema().isUnion()
              ? field.schema().getTypes().stream()
                  .filter(t -> t.getType() == Schema.Type.RECORD)
                  .toList()
              : List.of();
      String type;
      if (records.size() > 1) {
        members.addAll(records);
        type =
            "one of "
                + field.schema().getTypes().stream()
                    .map(t -> t.getType() == Schema.Type.NULL ? "null" : "`" + t.getName() + "`")
                    .collect(Collectors.joining(", "))
                + " (below)";
      } else {
        type = type(field.schema());
      }
      String note = field.doc() == null ? "" : field.doc();
      if (field.hasDefaultValue()) {
        Object value = field.defaultVal();
        note =
            ("default "
                + (value == JsonProperties.NULL_VALUE ? "null" : "`" + value + "`")
                + (note.isEmpty() ? "" : "; " + note));
      }
      out.append("| `")
          .append(field.name())
          .append("` | ")
          .append(type)
          .append(" | ")
          .append(note.replace("|", "\\|").replace("\n", " "))
          .append(" |\n");
    }
    out.append('\n');
  }

  /** A type as the table shows it; a named type it names is listed among the shared ones. */
  private String type(Schema schema) {
    LogicalType logical = schema.getLogicalType();
    if (logical != null && logical.getName().startsWith("timestamp")) {
      return "timestamp ("
          + (logical.getName().endsWith("millis") ? "ms" : "µs")
          + " since the epoch)";
    }
    return switch (schema.getType()) {
      case UNION ->
          schema.getTypes().stream()
                  .filter(t -> t.getType() != Schema.Type.NULL)
                  .map(this::type)
                  .collect(Collectors.joining(" or "))
              + (schema.getTypes().stream().anyMatch(t -> t.getType() == Schema.Type.NULL)
                  ? " or null"
                  : "");
      case ARRAY -> "array of " + type(schema.getElementType());
      case MAP -> "map of string to " + type(schema.getValueType());
      case RECORD, ENUM, FIXED -> {
        boolean met =
            !inline.contains(schema.getFullName())
                && shared.putIfAbsent(schema.getFullName(), schema) == null;
        if (met && schema.getType() == Schema.Type.RECORD) {
          schema.getFields().forEach(f -> type(f.schema())); // the types it names, once
        }
        yield "`" + schema.getName() + "`";
      }
      default -> schema.getType().getName();
    };
  }

  private static void doc(StringBuilder out, Schema schema) {
    if (schema.getDoc() != null) {
      out.append(schema.getDoc()).append("\n\n");
    }
  }
}
