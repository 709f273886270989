package dev.threadline.step;

import dev.threadline.avro.AgentDefinition;
import dev.threadline.avro.store.CommandSeen;
import dev.threadline.avro.store.EffectRef;
import dev.threadline.avro.store.EffectTimer;
import dev.threadline.avro.store.KvEntry;
import dev.threadline.avro.store.StoredMessage;
import dev.threadline.avro.store.ThreadStateValue;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.mapping.AgentMapping;
import dev.threadline.step.mapping.StateMapping;
import dev.threadline.step.mapping.ThreadTimers;
import dev.threadline.step.mapping.ValueMapping;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Typed access to the step processor's stores for one task. Agent snapshots are immutable after
 * creation, so a bounded in-memory cache of them is always valid.
 */
final class ThreadStores {
  private static final int AGENT_CACHE_SIZE = 10_000;
  private static final int INTERNED_AGENTS = 1_000;

  private final KeyValueStore<String, ThreadStateValue> state;
  private final SharedAgents frozenAgents;
  private final KeyValueStore<String, StoredMessage> messages;
  private final KeyValueStore<String, KvEntry> kv;
  private final QueueStore queues;
  private final DeadlineIndex deadlines = new DeadlineIndex();
  private final WindowCache windows;
  private final KeyValueStore<String, CommandSeen> commandIds;
  private final KeyValueStore<String, EffectTimer> timers;
  private final KeyValueStore<String, EffectRef> effects;

  /** How many of a thread's timers are counted at most: enough to tell any limit is reached. */
  private static final int COUNTED = 100_000;

  private final KeyValueStore<String, AgentDefinition> agents;
  private final Map<String, AgentSnapshot> agentCache =
      new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, AgentSnapshot> eldest) {
          return size() > AGENT_CACHE_SIZE;
        }
      };

  private final Map<AgentSnapshot, AgentSnapshot> interned =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<AgentSnapshot, AgentSnapshot> eldest) {
          return size() > INTERNED_AGENTS;
        }
      };

  ThreadStores(ProcessorContext<?, ?> context, long windowCacheBytes) {
    this.windows = new WindowCache(windowCacheBytes);
    this.state = context.getStateStore(StoreNames.THREAD_STATE);
    this.frozenAgents =
        new SharedAgents(
            context.getStateStore(StoreNames.SHARED_AGENTS),
            context.getStateStore(StoreNames.SHARED_AGENT_THREADS),
            context.getStateStore(StoreNames.THREAD_AGENT_REFS),
            context.getStateStore(StoreNames.THREAD_AGENT));
    this.messages = context.getStateStore(StoreNames.THREAD_MESSAGES);
    this.kv = context.getStateStore(StoreNames.THREAD_KV);
    this.queues = new QueueStore(context.getStateStore(StoreNames.THREAD_QUEUE));
    this.commandIds = context.getStateStore(StoreNames.COMMAND_IDS);
    this.timers = context.getStateStore(StoreNames.TIMERS);
    this.effects = context.getStateStore(StoreNames.EFFECTS);
    this.agents = context.getStateStore(StoreNames.AGENTS);
    rebuildDeadlines(Instant.ofEpochMilli(context.currentSystemTimeMs()));
  }

  /** The deadline index is derived from the thread states: every pending call with a deadline. */
  private void rebuildDeadlines(Instant now) {
    try (KeyValueIterator<String, ThreadStateValue> all = state.all()) {
      all.forEachRemaining(
          entry -> {
            var pending = entry.value.getPending();
            if (pending != null && pending.getDeadline() != null) {
              deadlines.set(entry.key, pending.getRequestId(), dueAtStart(pending, now));
            }
          });
    }
  }

  /**
   * When a pending call is due as a task starts: one waiting for its thread's budget at once — the
   * operator may have raised the budget, which only a restart applies, and the machine checks it
   * again — any other at its deadline.
   */
  static Instant dueAtStart(dev.threadline.avro.store.PendingCall pending, Instant now) {
    return pending.getWaitingForBudget() && now.isBefore(pending.getDeadline())
        ? now
        : pending.getDeadline();
  }

  MachineState load(String threadId) {
    ThreadStateValue value = state.get(threadId);
    List<Queued> queue = queues.load(threadId, value);
    if (value == null) {
      return null;
    }
    AgentSnapshot snapshot = agentCache.get(threadId);
    if (snapshot == null && value.getDeletedAt() != null) {
      // A deleted thread's frozen agent was removed with the rest: its tombstone needs only a name.
      snapshot = StateMapping.deletedAgent(value);
    }
    if (snapshot == null) {
      AgentDefinition frozen = frozenAgents.get(threadId);
      if (frozen == null) {
        throw new IllegalStateException("thread " + threadId + " has state but no agent snapshot");
      }
      snapshot = intern(AgentMapping.toCore(frozen));
      agentCache.put(threadId, snapshot);
    }
    return StateMapping.toCore(value, snapshot, queue);
  }

  /** Saves {@code s}, whose value ({@code value}, measured) is its mapping. */
  void save(MachineState s, ThreadStateValue value) {
    queues.save(s.threadId(), s.queue(), value);
    state.put(s.threadId(), value);
  }

  /** Stores the snapshot frozen at a thread's creation, {@code frozen} (measured) its mapping. */
  void storeAgent(String threadId, AgentSnapshot snapshot, AgentDefinition frozen) {
    frozenAgents.put(threadId, frozen);
    agentCache.put(threadId, intern(snapshot));
  }

  /**
   * One shared instance per distinct snapshot: the threads of one agent version all freeze the same
   * definition, so the per-thread cache costs an entry per thread, not a snapshot per thread
   * (100,000 idle threads took the heap from 33 to 101 MiB before this; see docs/benchmarks.md).
   */
  private AgentSnapshot intern(AgentSnapshot snapshot) {
    AgentSnapshot shared = interned.putIfAbsent(snapshot, snapshot);
    return shared == null ? snapshot : shared;
  }

  /** The current definition of an agent, by {@code tenant/name}, or null. */
  AgentDefinition currentAgent(String key) {
    return agents.get(key);
  }

  /** The text of message {@code seq} of a thread, or null when there is none. */
  String messageText(String threadId, long seq) {
    StoredMessage m = messages.get(Keys.message(threadId, seq));
    return m == null ? null : m.getMessage().getContent();
  }

  void append(String threadId, Output.AppendMessage m) {
    messages.put(
        Keys.message(threadId, m.seq()),
        new StoredMessage(m.seq(), m.turn(), m.step(), m.at(), ValueMapping.message(m.message())));
    windows.appended(threadId, m.seq(), m.message());
  }

  /**
   * Stored message {@code seq} says {@code content} from now on; the thread's cached window is
   * dropped, so the next request reads it as stored (and reuses nothing from this message on).
   */
  void updateMessage(String threadId, long seq, String content) {
    String key = Keys.message(threadId, seq);
    StoredMessage m = messages.get(key);
    if (m != null) {
      messages.put(
          key,
          StoredMessage.newBuilder(m)
              .setMessage(
                  dev.threadline.avro.ChatMessage.newBuilder(m.getMessage())
                      .setContent(content)
                      .build())
              .build());
    }
    windows.forget(threadId);
  }

  /**
   * The messages of a thread from {@code fromSeq} up to (not including) {@code untilSeq}, in order:
   * from the {@link WindowCache} when it holds exactly them, else from the store.
   */
  List<Message> window(String threadId, long fromSeq, long untilSeq) {
    if (fromSeq > untilSeq) {
      return List.of();
    }
    List<Message> cached = windows.get(threadId, fromSeq, untilSeq);
    return cached != null ? cached : storedWindow(threadId, fromSeq, untilSeq);
  }

  /** The window as the thread-messages store has it (and the cache remembers). */
  private List<Message> storedWindow(String threadId, long fromSeq, long untilSeq) {
    List<Long> seqs = new ArrayList<>();
    List<Message> window = new ArrayList<>();
    if (fromSeq < untilSeq) { // an empty window is remembered too: appends extend it
      try (KeyValueIterator<String, StoredMessage> it =
          messages.range(Keys.message(threadId, fromSeq), Keys.message(threadId, untilSeq - 1))) {
        it.forEachRemaining(
            kvPair -> {
              seqs.add(kvPair.value.getSeq());
              window.add(ValueMapping.message(kvPair.value.getMessage()));
            });
      }
    }
    windows.put(threadId, fromSeq, untilSeq, seqs, window);
    return window;
  }

  KvEntry value(String threadId, String key) {
    return kv.get(Keys.kv(threadId, key));
  }

  /**
   * How many keys thread {@code threadId}'s key-value store holds, counted up to {@code atMost}.
   */
  int valueKeys(String threadId, int atMost) {
    int held = 0;
    // '}' follows '|': the range holds exactly this thread's keys (thread ids have neither).
    try (KeyValueIterator<String, KvEntry> it = kv.range(threadId + "|", threadId + "}")) {
      while (held < atMost && it.hasNext()) {
        it.next();
        held++;
      }
    }
    return held;
  }

  /** Every key of thread {@code threadId}'s key-value store, with its value's JSON. */
  java.util.Map<String, String> values(String threadId) {
    java.util.Map<String, String> values = new java.util.TreeMap<>();
    try (KeyValueIterator<String, KvEntry> it = kv.range(threadId + "|", threadId + "}")) {
      it.forEachRemaining(
          entry ->
              values.put(entry.key.substring(threadId.length() + 1), entry.value.getValueJson()));
    }
    return values;
  }

  void putValue(String threadId, String key, KvEntry entry) {
    kv.put(Keys.kv(threadId, key), entry);
  }

  void deleteValue(String threadId, String key) {
    kv.delete(Keys.kv(threadId, key));
  }

  void setDeadline(String threadId, Output.SetDeadline d) {
    deadlines.set(threadId, d.requestId(), d.deadline());
  }

  void clearDeadline(String threadId, Output.ClearDeadline d) {
    deadlines.clear(threadId, d.requestId(), d.deadline());
  }

  /** Removes and returns up to {@code limit} index entries due at {@code now}, oldest first. */
  List<DeadlineIndex.Due> takeDue(Instant now, int limit) {
    return deadlines.takeDue(now, limit);
  }

  /** Sets {@code timer} (measured), moving the effect if it was scheduled already. */
  void setTimer(String threadId, EffectTimer timer) {
    EffectRef previous = effects.get(Keys.effect(threadId, timer.getEffectId()));
    if (previous != null) {
      timers.delete(Keys.timer(previous.getFireAt(), threadId, timer.getEffectId()));
    }
    timers.put(Keys.timer(timer.getFireAt(), threadId, timer.getEffectId()), timer);
    effects.put(Keys.effect(threadId, timer.getEffectId()), new EffectRef(timer.getFireAt()));
  }

  boolean effectScheduled(String threadId, String effectId) {
    return effects.get(Keys.effect(threadId, effectId)) != null;
  }

  /** The thread's timers as a command's input sees them. */
  ThreadTimers timersOf(String threadId) {
    return new ThreadTimers() {
      @Override
      public boolean scheduled(String effectId) {
        return effectScheduled(threadId, effectId);
      }

      @Override
      public int others(String effectId) {
        int others = 0;
        for (String id : effectIds(threadId, COUNTED)) {
          others += id.equals(effectId) ? 0 : 1;
        }
        return others;
      }
    };
  }

  /**
   * Removes what a deleted thread holds beside its state: messages, key-value store, timers and
   * frozen agent (its queued items leave with its queue, which deletion empties).
   */
  void erase(String threadId) {
    deleteAll(messages, threadId);
    deleteAll(kv, threadId);
    cancelAllTimers(threadId);
    frozenAgents.remove(threadId);
    agentCache.remove(threadId);
    windows.forget(threadId);
  }

  /** Deletes every {@code threadId|…} key of {@code store}. */
  private static <V> void deleteAll(KeyValueStore<String, V> store, String threadId) {
    List<String> keys = new ArrayList<>();
    // '}' follows '|': the range holds exactly this thread's keys (thread ids have neither).
    try (KeyValueIterator<String, V> it = store.range(threadId + "|", threadId + "}")) {
      it.forEachRemaining(e -> keys.add(e.key));
    }
    keys.forEach(store::delete);
  }

  /** Whether {@code threadId} holds a scheduled effect. */
  boolean hasTimers(String threadId) {
    return !effectIds(threadId, 1).isEmpty();
  }

  /** Removes every timer of a thread that has ended. */
  void cancelAllTimers(String threadId) {
    for (String effectId : effectIds(threadId, Integer.MAX_VALUE)) {
      cancelTimer(threadId, effectId);
    }
  }

  /** Up to {@code limit} of the thread's effect ids ({@code threadId|effectId} keys, in order). */
  private List<String> effectIds(String threadId, int limit) {
    List<String> ids = new ArrayList<>();
    String from = Keys.effect(threadId, "");
    // '}' follows '|': the range holds exactly this thread's keys (thread ids have neither).
    try (KeyValueIterator<String, EffectRef> it = effects.range(from, threadId + "}")) {
      while (it.hasNext() && ids.size() < limit) {
        ids.add(it.next().key.substring(from.length()));
      }
    }
    return ids;
  }

  void cancelTimer(String threadId, String effectId) {
    EffectRef ref = effects.get(Keys.effect(threadId, effectId));
    if (ref != null) {
      timers.delete(Keys.timer(ref.getFireAt(), threadId, effectId));
      effects.delete(Keys.effect(threadId, effectId));
    }
  }

  /** Removes and returns up to {@code limit} timers due at {@code now}, oldest first. */
  List<EffectTimer> takeDueTimers(Instant now, int limit) {
    List<KeyValue<String, EffectTimer>> due = new ArrayList<>();
    try (KeyValueIterator<String, EffectTimer> it =
        timers.range(Keys.TIMERS_START, Keys.timersUntil(now))) {
      while (it.hasNext() && due.size() < limit) {
        due.add(it.next());
      }
    }
    for (KeyValue<String, EffectTimer> entry : due) {
      timers.delete(entry.key);
      effects.delete(Keys.effect(entry.value.getThreadId(), entry.value.getEffectId()));
    }
    return due.stream().map(entry -> entry.value).toList();
  }

  boolean seen(String threadId, String commandId) {
    return commandIds.get(Keys.command(threadId, commandId)) != null;
  }

  void markSeen(String threadId, String commandId, Instant at) {
    commandIds.put(Keys.command(threadId, commandId), new CommandSeen(at));
  }
}
