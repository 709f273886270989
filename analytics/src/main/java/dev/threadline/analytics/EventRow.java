package dev.threadline.analytics;

import dev.threadline.avro.ThreadEvent;
import dev.threadline.topics.RecordJson;
import java.time.ZoneOffset;
import java.util.Date;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;

/**
 * A {@code thread-events} record as one flat row an analyst can query without the Avro unions: its
 * envelope as columns, {@code type} (the payload's record name) and the payload as JSON ({@link
 * RecordJson}, the read API's rendering), with the UTC {@code day} the tables are partitioned by.
 */
final class EventRow {
  static final Schema SCHEMA =
      SchemaBuilder.struct()
          .name("dev.threadline.analytics.EventRow")
          .field("tenant_id", Schema.STRING_SCHEMA)
          .field("thread_id", Schema.STRING_SCHEMA)
          .field("seq", Schema.INT64_SCHEMA)
          .field("type", Schema.STRING_SCHEMA)
          .field("turn", Schema.INT32_SCHEMA)
          .field("step", Schema.INT32_SCHEMA)
          .field("occurred_at", Timestamp.SCHEMA)
          .field("day", Schema.STRING_SCHEMA)
          .field("payload", Schema.STRING_SCHEMA)
          .build();

  private EventRow() {}

  static Struct of(ThreadEvent e) {
    return new Struct(SCHEMA)
        .put("tenant_id", e.getTenantId())
        .put("thread_id", e.getThreadId())
        .put("seq", e.getSeq())
        .put("type", e.getPayload().getClass().getSimpleName())
        .put("turn", e.getTurn())
        .put("step", e.getStep())
        .put("occurred_at", Date.from(e.getTimestamp()))
        .put("day", e.getTimestamp().atOffset(ZoneOffset.UTC).toLocalDate().toString())
        .put("payload", RecordJson.record((SpecificRecord) e.getPayload()).toString());
  }
}
