package dev.threadline.step;

import java.util.Map;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.WriteBufferManager;

/**
 * RocksDB sized for very many small threads: every store of every task shares one block cache and
 * one write-buffer budget, so memory is bounded by configuration rather than growing with the
 * number of stores (Kafka Streams' documented bounded-memory pattern). Bloom filters make the point
 * lookups of thread state cheap; small write buffers suit small values.
 */
public final class BoundedRocksDbConfig implements RocksDBConfigSetter {
  /** Total off-heap bytes for block cache and memtables, shared by all stores in the JVM. */
  public static final String TOTAL_BYTES = "threadline.rocksdb.total.bytes";

  private static Cache cache;
  private static WriteBufferManager writeBufferManager;

  private static synchronized void init(long totalBytes) {
    if (cache == null) {
      cache = new LRUCache(totalBytes, -1, false, 0.1);
      // Memtables count against the cache; at most half of it.
      writeBufferManager = new WriteBufferManager(totalBytes / 2, cache);
    }
  }

  @Override
  public void setConfig(String storeName, Options options, Map<String, Object> configs) {
    Object configured = configs.get(TOTAL_BYTES);
    init(configured == null ? 128L * 1024 * 1024 : Long.parseLong(configured.toString()));
    BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
    table.setBlockCache(cache);
    table.setCacheIndexAndFilterBlocks(true);
    table.setCacheIndexAndFilterBlocksWithHighPriority(true);
    table.setPinTopLevelIndexAndFilter(true);
    table.setFilterPolicy(new BloomFilter(10, false));
    table.setBlockSize(8 * 1024);
    options.setTableFormatConfig(table);
    options.setWriteBufferManager(writeBufferManager);
    options.setWriteBufferSize(8 * 1024 * 1024);
    options.setMaxWriteBufferNumber(2);
  }

  @Override
  public void close(String storeName, Options options) {
    // The cache and write-buffer manager are shared by every store: never closed per store.
  }
}
