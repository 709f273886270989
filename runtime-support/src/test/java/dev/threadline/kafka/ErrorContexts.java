package dev.threadline.kafka;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.processor.TaskId;

/** The record a Streams error handler is told about: offset 41 of x.thread-commands partition 2. */
final class ErrorContexts {
  private ErrorContexts() {}

  /** The context of a failure at {@code node} in {@code task}; the raw key and value as given. */
  static ErrorHandlerContext at(String node, TaskId task, byte[] rawKey, byte[] rawValue) {
    return new ErrorHandlerContext() {
      public String topic() {
        return "x.thread-commands";
      }

      public int partition() {
        return 2;
      }

      public long offset() {
        return 41;
      }

      public Headers headers() {
        return new RecordHeaders();
      }

      public String processorNodeId() {
        return node;
      }

      public TaskId taskId() {
        return task;
      }

      public long timestamp() {
        return 0;
      }

      public byte[] sourceRawKey() {
        return rawKey;
      }

      public byte[] sourceRawValue() {
        return rawValue;
      }
    };
  }

  /** The last value of header {@code name}, as text. */
  static String header(Headers headers, String name) {
    return new String(headers.lastHeader(name).value(), StandardCharsets.UTF_8);
  }
}
