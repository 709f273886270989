package dev.threadline.serde;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.ContentDelta;
import dev.threadline.avro.ModelRequest;
import dev.threadline.avro.ModelResult;
import dev.threadline.avro.NamedDefinition;
import dev.threadline.avro.ThreadCommand;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ToolRequest;
import dev.threadline.avro.ToolResult;
import dev.threadline.avro.store.CommandSeen;
import dev.threadline.avro.store.KvEntry;
import dev.threadline.avro.store.StoredMessage;
import dev.threadline.avro.store.ThreadStateValue;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;

/** The generated types, by role. */
final class PublicSchemas {
  private PublicSchemas() {}

  /** Values of public topics: their schemas evolve BACKWARD_TRANSITIVE-compatibly. */
  static final List<Class<? extends SpecificRecord>> TOPIC_VALUES =
      List.of(
          ThreadCommand.class,
          ModelRequest.class,
          ModelResult.class,
          ToolRequest.class,
          ToolResult.class,
          ThreadEvent.class,
          ContentDelta.class,
          AgentDefinition.class,
          NamedDefinition.class);

  /** Values of the step processor's state stores. */
  static final List<Class<? extends SpecificRecord>> STORE_VALUES =
      List.of(
          ThreadStateValue.class,
          StoredMessage.class,
          KvEntry.class,
          CommandSeen.class,
          dev.threadline.avro.store.EffectTimer.class,
          dev.threadline.avro.store.EffectRef.class);

  static List<Class<? extends SpecificRecord>> all() {
    return java.util.stream.Stream.concat(TOPIC_VALUES.stream(), STORE_VALUES.stream()).toList();
  }
}
