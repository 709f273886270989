package dev.threadline.step;

import dev.threadline.kafka.DeadLetterDeserializationHandler;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;

/**
 * The production deserialization handler, with the dead letters it hands Kafka Streams kept for the
 * test: {@link org.apache.kafka.streams.TopologyTestDriver} does not write them to their topic.
 */
public final class CountingDeserializationHandler implements DeserializationExceptionHandler {
  static final List<ProducerRecord<byte[], byte[]>> DEAD_LETTERS = new CopyOnWriteArrayList<>();
  private final DeadLetterDeserializationHandler delegate = new DeadLetterDeserializationHandler();

  @Override
  public void configure(Map<String, ?> configs) {
    delegate.configure(configs);
  }

  @Override
  public Response handleError(
      ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
    Response response = delegate.handleError(context, record, exception);
    DEAD_LETTERS.addAll(response.deadLetterQueueRecords());
    return response;
  }
}
