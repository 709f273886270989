package dev.threadline.analytics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.parquet.Parquet;

/**
 * A deleted thread leaves the Iceberg table as it leaves the Parquet tables: once its {@code
 * ThreadDeleted} row is committed, every data file holding another row of the thread is rewritten
 * without it (one commit, files replaced), so only the deletion's row stays. The row is its own
 * durable marker: a thread's events share its partition of the log and come before its deletion, so
 * when the deletion is in the table all its rows are; a pass that dies is simply done again. Each
 * pass reads only the files appended since the last ({@value #THROUGH}, a table property set in the
 * rewrite's commit).
 */
final class IcebergErasure {
  static final String THROUGH = "threadline.erased-through-snapshot";

  private final Table table;

  IcebergErasure(Table table) {
    this.table = table;
  }

  /** One pass: erases the threads deleted since the last; returns how many rows it removed. */
  long pass() {
    table.refresh();
    Snapshot current = table.currentSnapshot();
    if (current == null) {
      return 0;
    }
    String through = table.properties().get(THROUGH);
    if (through != null && Long.parseLong(through) == current.snapshotId()) {
      return 0;
    }
    Set<String> deleted = deletedSince(through, current.snapshotId());
    Transaction tx = table.newTransaction();
    long removed = deleted.isEmpty() ? 0 : rewrite(tx, deleted);
    tx.updateProperties().set(THROUGH, String.valueOf(current.snapshotId())).commit();
    tx.commitTransaction();
    return removed;
  }

  /** The threads whose deletion was appended after snapshot {@code through} (null: ever). */
  private Set<String> deletedSince(String through, long to) {
    var scan =
        IcebergGenerics.read(table)
            .where(Expressions.equal("type", ParquetSinkTask.DELETED))
            .select("thread_id");
    if (through != null && table.snapshot(Long.parseLong(through)) != null) {
      scan = scan.appendsBetween(Long.parseLong(through), to);
    }
    Set<String> deleted = new HashSet<>();
    try (CloseableIterable<Record> rows = scan.build()) {
      rows.forEach(r -> deleted.add((String) r.getField("thread_id")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return deleted;
  }

  /**
   * Rewrites each file with rows of {@code deleted} threads without them (their deletions kept).
   */
  private long rewrite(Transaction tx, Set<String> deleted) {
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks =
        table.newScan().filter(Expressions.in("thread_id", deleted.toArray())).planFiles()) {
      tasks.forEach(t -> files.add(t.file()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    RewriteFiles rewrite = tx.newRewrite();
    GenericAppenderFactory appenders = new GenericAppenderFactory(table.schema(), table.spec());
    OutputFileFactory outputs =
        OutputFileFactory.builderFor(table, 0, System.nanoTime())
            .format(FileFormat.PARQUET)
            .build();
    long removed = 0;
    for (DataFile file : files) {
      Rewritten rewritten = rewritten(appenders, outputs, file, deleted);
      if (rewritten.dropped() == 0) {
        continue;
      }
      rewrite.deleteFile(file);
      if (rewritten.file() != null) {
        rewrite.addFile(rewritten.file());
      }
      removed += rewritten.dropped();
    }
    if (removed > 0) {
      rewrite.commit();
    }
    return removed;
  }

  /** A file written again without some rows: the new file (null: none kept), and how many went. */
  private record Rewritten(DataFile file, long dropped) {}

  /**
   * {@code file}'s rows streamed into a new file of its partition, the {@code deleted} threads'
   * left out but their deletions (no row is held beyond the one being copied, whatever the file's
   * size); the new file is removed again when nothing was left out, or nothing kept.
   */
  private Rewritten rewritten(
      GenericAppenderFactory appenders,
      OutputFileFactory outputs,
      DataFile file,
      Set<String> deleted) {
    DataWriter<Record> writer =
        appenders.newDataWriter(
            outputs.newOutputFile(table.spec(), file.partition()),
            FileFormat.PARQUET,
            file.partition());
    long dropped = 0;
    long kept = 0;
    try (CloseableIterable<Record> rows =
            Parquet.read(table.io().newInputFile(file.location()))
                .project(table.schema())
                .createReaderFunc(s -> GenericParquetReaders.buildReader(table.schema(), s))
                .build();
        writer) {
      for (Record row : rows) {
        boolean erased =
            deleted.contains((String) row.getField("thread_id"))
                && !ParquetSinkTask.DELETED.equals(row.getField("type"));
        if (erased) {
          dropped++;
        } else {
          writer.write(row);
          kept++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    DataFile written = writer.toDataFile();
    if (dropped == 0 || kept == 0) {
      table.io().deleteFile(written.location());
      return new Rewritten(null, dropped);
    }
    return new Rewritten(written, dropped);
  }
}
