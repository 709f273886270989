package dev.threadline.step;

import dev.threadline.avro.ThreadCommand;
import dev.threadline.step.core.Input;
import dev.threadline.topics.DeadLetters;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parks input the step processor will not apply on the dead-letter topic: the original command's
 * bytes, keyed by its thread, with the reason and where it came from in headers — in the same
 * transaction as the decision that refused it. Log lines name the task, topic, partition and
 * offset.
 */
record DeadLetterWriter(
    ProcessorContext<Object, Object> context,
    Serializer<ThreadCommand> commandSerializer,
    String commandsTopic,
    long maxBytes) {
  private static final Logger log = LoggerFactory.getLogger(DeadLetterWriter.class);

  /** Copies {@code source}, the record being processed, to the dead-letter topic. */
  void write(Record<String, Object> source, String threadId, String reason) {
    write(source, threadId, null, reason);
  }

  /**
   * Parks an input that could not be decided: the source record, or — for an input the punctuator
   * made (a fired effect, a passed deadline), which has no record — the input described in text, so
   * nothing is lost silently.
   */
  void write(Record<String, Object> source, String threadId, Input input, String reason) {
    if (source == null && input == null) {
      return;
    }
    var origin = context.recordMetadata();
    var headers =
        DeadLetters.headers(
            null,
            reason,
            "step-processor",
            origin.map(m -> m.topic()).orElse(null),
            origin.map(m -> m.partition()).orElse(-1),
            origin.map(m -> m.offset()).orElse(-1L));
    byte[] key = threadId == null ? null : threadId.getBytes(StandardCharsets.UTF_8);
    byte[] value =
        source == null
            ? input.toString().getBytes(StandardCharsets.UTF_8)
            : source.value() instanceof ThreadCommand c
                ? commandSerializer.serialize(commandsTopic, c)
                : null;
    log.warn("dead-lettering a record of thread {}: {} ({})", threadId, reason, where());
    context.forward(
        new Record<Object, Object>(
            key,
            DeadLetters.fitted(key, value, headers, maxBytes),
            context.currentSystemTimeMs(),
            headers),
        Routes.DEAD_LETTERS_SINK);
  }

  /** The task and the record being processed, or that this is a punctuation. */
  String where() {
    return context
        .recordMetadata()
        .map(
            m ->
                "task "
                    + context.taskId()
                    + ", "
                    + m.topic()
                    + "-"
                    + m.partition()
                    + "@"
                    + m.offset())
        .orElse("task " + context.taskId() + ", punctuation");
  }
}
