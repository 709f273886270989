package dev.threadline.step;

import dev.threadline.avro.ThreadCommand;
import dev.threadline.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** A producer of raw bytes, as any producer of the ITs' poison and outage records is. */
final class RawProducer {
  private RawProducer() {}

  static KafkaProducer<byte[], byte[]> to(String bootstrapServers) {
    return new KafkaProducer<>(
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
        new ByteArraySerializer(),
        new ByteArraySerializer());
  }

  /** {@code c} on the commands topic, keyed by its thread, once the broker has it. */
  static void command(KafkaProducer<byte[], byte[]> producer, Topics topics, ThreadCommand c)
      throws Exception {
    String name = topics.threadCommands().name();
    producer
        .send(
            new ProducerRecord<>(
                name,
                c.getThreadId().getBytes(StandardCharsets.UTF_8),
                topics.threadCommands().serialize(c)))
        .get();
  }
}
