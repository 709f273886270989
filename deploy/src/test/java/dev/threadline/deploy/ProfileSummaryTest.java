package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A profile's collapsed stacks summed by the frame each sample was taken in, and by owner: the
 * innermost frame's package that is not the JDK's, the JVM's or the kernel's.
 */
class ProfileSummaryTest {
  @Test
  void samplesAreSummedByTheirLeafFrameAndItsPackageHottestFirst() {
    ProfileSummary summary =
        ProfileSummary.of(
            List.of(
                "java/lang/Thread.run;org/rocksdb/RocksDB.put_[j] 30",
                "java/lang/Thread.run;org/apache/avro/io/BinaryEncoder.writeString_[i] 50",
                "java/lang/Thread.run;org/apache/avro/io/BinaryDecoder.readString_[j] 15",
                "[GC_active];ParallelScavengeHeap::collect 5",
                "java/lang/Thread.run;rocksdb::InlineSkipList::FindGreaterOrEqual 7",
                "java/lang/Thread.run;/tmp/librocksdbjni123.so 3",
                "java/lang/Thread.run;sun/nio/ch/SocketDispatcher.write0;finish_task_switch_[k] 10",
                "org/apache/kafka/clients/Metadata.fetch;java/util/HashMap.getNode_[j] 20"));

    assertThat(summary.samples()).isEqualTo(140);
    assertThat(summary.frames().keySet())
        .startsWith("org/apache/avro/io/BinaryEncoder.writeString_[i]");
    assertThat(summary.packages()).containsEntry("org/apache/avro", 65L);
    assertThat(summary.packages().keySet()).first().isEqualTo("org/apache/avro");
    assertThat(summary.packages()).containsEntry("rocksdb", 40L);
    assertThat(summary.packages()).containsEntry("[GC_active]", 5L);
    assertThat(summary.packages())
        .as("a system call of the JDK's alone")
        .containsEntry("kernel", 10L);
    assertThat(summary.packages())
        .as("a JDK map lookup counts for the library that made it")
        .containsEntry("org/apache/kafka", 20L);
    assertThat(summary.share(summary.packages().get("kernel"))).isEqualTo(10.0 / 140);
  }
}
