package dev.threadline.step;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;

/** The sizes of what a topology wrote, as a broker would measure them. */
final class RecordSizes {
  private RecordSizes() {}

  /** The largest record written to any topic (changelogs included) and not yet read. */
  static long largest(TopologyTestDriver driver) {
    long largest = 0;
    for (String topic : driver.producedTopicNames()) {
      var out =
          driver.createOutputTopic(
              topic, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer());
      for (TestRecord<byte[], byte[]> r : out.readRecordsToList()) {
        largest = Math.max(largest, size(r));
      }
    }
    return largest;
  }

  static long size(TestRecord<byte[], byte[]> r) {
    long size = length(r.key()) + length(r.value());
    for (Header h : r.headers()) {
      size += h.key().length() + length(h.value());
    }
    return size;
  }

  private static long length(byte[] bytes) {
    return bytes == null ? 0 : bytes.length;
  }
}
