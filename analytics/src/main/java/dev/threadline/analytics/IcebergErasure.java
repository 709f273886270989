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
    boolean changed = false;
    for (DataFile file : files) {
      List<Record> kept = new ArrayList<>();
      long dropped = 0;
      for (Record row : read(file)) {
        boolean erased =
            deleted.contains((String) row.getField("thread_id"))
                && !ParquetSinkTask.DELETED.equals(row.getField("type"));
        if (erased) {
          dropped++;
        } else {
          kept.add(row);
        }
      }
      if (dropped == 0) {
        continue;
      }
      rewrite.deleteFile(file);
      if (!kept.isEmpty()) {
        rewrite.addFile(write(appenders, outputs, file, kept));
      }
      removed += dropped;
      changed = true;
    }
    if (changed) {
      rewrite.commit();
    }
    return removed;
  }

  private List<Record> read(DataFile file) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> read =
        Parquet.read(table.io().newInputFile(file.location()))
            .project(table.schema())
            .createReaderFunc(s -> GenericParquetReaders.buildReader(table.schema(), s))
            .build()) {
      read.forEach(r -> rows.add(r.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private DataFile write(
      GenericAppenderFactory appenders,
      OutputFileFactory outputs,
      DataFile like,
      List<Record> rows) {
    DataWriter<Record> writer =
        appenders.newDataWriter(
            outputs.newOutputFile(table.spec(), like.partition()),
            FileFormat.PARQUET,
            like.partition());
    try (writer) {
      rows.forEach(writer::write);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return writer.toDataFile();
  }
}
