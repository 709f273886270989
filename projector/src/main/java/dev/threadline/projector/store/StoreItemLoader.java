package dev.threadline.projector.store;

import dev.threadline.avro.StoreItem;
import dev.threadline.topics.GlobalStoreLoader;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the global store of every tenant's store items in step with {@code store-items}: an item
 * written is kept, a tombstone deletes it, and an item that cannot be read is skipped and logged
 * (the key keeps what it had).
 */
public final class StoreItemLoader extends GlobalStoreLoader<StoreItem, StoreItem> {
  private static final Logger log = LoggerFactory.getLogger(StoreItemLoader.class);

  public StoreItemLoader(Deserializer<StoreItem> deserializer, String storeName) {
    super(deserializer, storeName);
  }

  @Override
  protected StoreItem stored(StoreItem decoded) {
    return decoded;
  }

  @Override
  protected void skip(Record<String, byte[]> record, RuntimeException e) {
    log.error("skipping an unreadable store item: {}", e.getMessage());
  }
}
