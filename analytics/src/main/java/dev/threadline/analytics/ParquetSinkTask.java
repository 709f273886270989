package dev.threadline.analytics;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/**
 * Writes {@link EventRow}s to {@link ParquetFiles}: buffered per partition, written when {@code
 * threadline.analytics.flush.records} are held or when Connect commits, and committed only once
 * written — Connect's commit is the offset after the last record in a file. The first records a
 * partition gets after it is assigned start at its committed offset: any file of it from there on
 * was written after that commit, and is dropped before they are written again. A thread's deletion
 * erases its rows from what is held and from every file ({@link ParquetFiles#erase}): deleting a
 * thread from the runtime deletes it from the tables too.
 */
public final class ParquetSinkTask extends SinkTask {
  /** The type of the last event of a deleted thread. */
  static final String DELETED = "ThreadDeleted";

  private ParquetFiles files;
  private int flushRecords;
  private int held;
  private final Map<TopicPartition, Run> runs = new HashMap<>();
  private final Set<TopicPartition> resumed = new HashSet<>();
  private final Map<TopicPartition, Long> written = new HashMap<>();

  /** A partition's records held, from {@code firstOffset} on. */
  private static final class Run {
    final long firstOffset;
    long lastOffset;
    final List<Struct> rows = new ArrayList<>();

    Run(long firstOffset) {
      this.firstOffset = firstOffset;
    }
  }

  @Override
  public String version() {
    return ParquetSinkConnector.VERSION;
  }

  @Override
  public void start(Map<String, String> props) {
    Path dir = Path.of(props.get(ParquetSinkConnector.DIR));
    files = new ParquetFiles(TableFiles.from(props, dir, "events"), dir.resolve(".scratch"));
    flushRecords =
        Integer.parseInt(props.getOrDefault(ParquetSinkConnector.FLUSH_RECORDS, "10000"));
  }

  @Override
  public void open(Collection<TopicPartition> partitions) {
    partitions.forEach(this::forget);
  }

  @Override
  public void close(Collection<TopicPartition> partitions) {
    partitions.forEach(this::forget);
  }

  private void forget(TopicPartition tp) {
    Run run = runs.remove(tp);
    held -= run == null ? 0 : run.rows.size();
    resumed.remove(tp);
    written.remove(tp);
  }

  @Override
  public void put(Collection<SinkRecord> records) {
    for (SinkRecord r : records) {
      if (!(r.value() instanceof Struct row)) {
        continue; // a tombstone: nothing to keep
      }
      TopicPartition tp = new TopicPartition(r.topic(), r.kafkaPartition());
      if (resumed.add(tp)) {
        files.dropFrom(tp.partition(), r.kafkaOffset());
      }
      if (DELETED.equals(row.getString("type"))) {
        forgetThread(tp, row.getString("tenant_id"), row.getString("thread_id"));
      }
      Run run = runs.computeIfAbsent(tp, k -> new Run(r.kafkaOffset()));
      run.rows.add(row);
      run.lastOffset = r.kafkaOffset();
      held++;
    }
    if (held >= flushRecords) {
      writeAll();
    }
  }

  @Override
  public Map<TopicPartition, OffsetAndMetadata> preCommit(
      Map<TopicPartition, OffsetAndMetadata> currentOffsets) {
    writeAll();
    Map<TopicPartition, OffsetAndMetadata> committable = new HashMap<>();
    written.forEach(
        (tp, next) -> {
          if (currentOffsets.containsKey(tp)) {
            committable.put(tp, new OffsetAndMetadata(next));
          }
        });
    return committable;
  }

  /**
   * A thread was deleted: its rows leave what is held and every file of its partition (its events
   * are all in it); the deletion's own row stays, saying the thread went.
   */
  private void forgetThread(TopicPartition tp, String tenant, String thread) {
    Run run = runs.get(tp);
    if (run != null) {
      int before = run.rows.size();
      run.rows.removeIf(
          row ->
              row.getString("thread_id").equals(thread)
                  && row.getString("tenant_id").equals(tenant));
      held -= before - run.rows.size();
    }
    files.erase(tp.partition(), tenant, thread);
  }

  private void writeAll() {
    runs.forEach(
        (tp, run) -> {
          files.write(tp.partition(), run.firstOffset, run.rows);
          written.put(tp, run.lastOffset + 1);
        });
    runs.clear();
    held = 0;
  }

  @Override
  public void stop() {
    if (files != null) {
      files.close();
    }
  }
}
