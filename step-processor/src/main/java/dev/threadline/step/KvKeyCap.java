package dev.threadline.step;

import dev.threadline.config.KvLimits;
import java.util.HashSet;
import java.util.Set;

/**
 * Holds one thread's key-value store to {@link KvLimits#MAX_KEYS} keys across the writes of one
 * input: a value under a new key when the store is full is refused, while a key it holds may change
 * and a delete always may. Counting stops at the cap, so a check costs at most that many reads.
 */
final class KvKeyCap {
  private final ThreadStores stores;
  private final String threadId;

  /** New keys the input's earlier writes add: not in the store yet, but they count. */
  private final Set<String> added = new HashSet<>();

  KvKeyCap(ThreadStores stores, String threadId) {
    this.stores = stores;
    this.threadId = threadId;
  }

  /** Why writing a value under {@code key} would pass the cap, or null (and then it counts). */
  String refusal(String key) {
    if (added.contains(key) || stores.value(threadId, key) != null) {
      return null;
    }
    String refusal =
        KvLimits.keysRefusal(stores.valueKeys(threadId, KvLimits.MAX_KEYS) + added.size());
    if (refusal == null) {
      added.add(key);
    }
    return refusal;
  }
}
