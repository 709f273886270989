package dev.threadline.step;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.topics.DeadLetters;
import dev.threadline.topics.GlobalStoreLoader;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the global agent store in step with the compacted agent-definitions topic — and survives
 * what a producer may put there. The topic is read from its start at every start, so one record
 * nobody can read would stop the instance every time (Kafka's global thread dies on it, and cannot
 * write a dead letter): this loader reads the raw bytes itself, skips a record it cannot decode
 * (the agent keeps its previous definition, if any), logs it and reports it on the dead-letter
 * topic — again at every start, while the record is there. A schema registry that is out of reach
 * is waited out, never taken for a bad record.
 */
final class AgentLoader extends GlobalStoreLoader<AgentDefinition, AgentDefinition> {
  private static final Logger log = LoggerFactory.getLogger(AgentLoader.class);

  private final String deadLetterTopic;
  private KafkaProducer<byte[], byte[]> reporter;

  AgentLoader(Deserializer<AgentDefinition> deserializer, String deadLetterTopic) {
    super(deserializer, StoreNames.AGENTS);
    this.deadLetterTopic = deadLetterTopic;
  }

  @Override
  protected AgentDefinition stored(AgentDefinition decoded) {
    return decoded;
  }

  @Override
  protected void skip(Record<String, byte[]> record, RuntimeException e) {
    var origin = context.recordMetadata();
    String topic = origin.map(m -> m.topic()).orElse(null);
    int partition = origin.map(m -> m.partition()).orElse(-1);
    long offset = origin.map(m -> m.offset()).orElse(-1L);
    log.error(
        "skipping agent definition '{}' ({}-{}@{}), which cannot be read: {}",
        record.key(),
        topic,
        partition,
        offset,
        e.getMessage());
    var headers =
        DeadLetters.headers(
            null,
            "unreadable agent definition: " + e.getMessage(),
            "step-processor",
            topic,
            partition,
            offset);
    try {
      reporter()
          .send(
              new ProducerRecord<>(
                  deadLetterTopic,
                  null,
                  record.key().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                  record.value(),
                  headers));
    } catch (RuntimeException failed) {
      log.error("could not report the skipped agent definition '{}'", record.key(), failed);
    }
  }

  /** A plain producer, made when first needed: the global thread has no transaction to join. */
  private KafkaProducer<byte[], byte[]> reporter() {
    if (reporter == null) {
      Map<String, Object> config = new HashMap<>();
      context
          .appConfigs()
          .forEach(
              (key, value) -> {
                if (ProducerConfig.configNames().contains(key)
                    && !key.startsWith("transactional")
                    && value != null) {
                  config.put(key, value);
                }
              });
      config.put(ProducerConfig.CLIENT_ID_CONFIG, "agent-definitions-dead-letters");
      reporter = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
    }
    return reporter;
  }

  @Override
  public void close() {
    if (reporter != null) {
      reporter.close(Duration.ofSeconds(5));
    }
  }
}
