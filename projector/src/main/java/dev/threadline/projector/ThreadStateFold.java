package dev.threadline.projector;

import dev.threadline.avro.EffectCancelled;
import dev.threadline.avro.EffectFired;
import dev.threadline.avro.EffectScheduled;
import dev.threadline.avro.EnvChanged;
import dev.threadline.avro.MessageUpdated;
import dev.threadline.avro.SubagentVariablesProvided;
import dev.threadline.avro.SubagentVariablesRequired;
import dev.threadline.avro.ThreadBranched;
import dev.threadline.avro.ThreadEvent;
import dev.threadline.avro.ThreadTerminated;
import dev.threadline.avro.ValueChanged;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * What ThreadState reads need beyond the summary and timeline, folded from the thread's events: its
 * key-value store ({@code ValueChanged}), the effects it holds scheduled ({@code EffectScheduled}
 * until {@code EffectCancelled} or {@code EffectFired}), its env ({@code EnvChanged}: a secret by
 * name only — its value never reaches the log) and its variables requests ({@code
 * SubagentVariablesRequired}, then {@code SubagentVariablesProvided}, or closed by {@code
 * ThreadTerminated}), the new text of the messages tools updated ({@code MessageUpdated}) and where
 * its branches left it ({@code ThreadBranched}, {@link Branches}).
 */
record ThreadStateFold(
    KeyValueStore<String, String> values,
    KeyValueStore<String, String> effects,
    KeyValueStore<String, String> env,
    KeyValueStore<String, String> variables,
    KeyValueStore<String, String> edits,
    KeyValueStore<String, String> branches) {
  void apply(ThreadEvent event) {
    String thread = event.getThreadId();
    switch (event.getPayload()) {
      case ValueChanged v ->
          put(values, ProjectorStores.valueKey(thread, v.getKey()), v.getValueJson());
      case EffectScheduled e ->
          put(
              effects,
              ProjectorStores.valueKey(thread, e.getEffectId()),
              ProjectorStores.effectJson(e));
      case EffectCancelled e -> effects.delete(ProjectorStores.valueKey(thread, e.getEffectId()));
      case EffectFired e -> effects.delete(ProjectorStores.valueKey(thread, e.getEffectId()));
      case EnvChanged e ->
          put(
              env,
              ProjectorStores.valueKey(thread, e.getName()),
              e.getRemoved()
                  ? null
                  : ProjectorStores.envJson(e.getName(), e.getSecret(), e.getValue()));
      case SubagentVariablesRequired r ->
          put(
              variables,
              ProjectorStores.valueKey(thread, r.getRequestId()),
              ProjectorStores.variablesRequestJson(r, event.getTimestamp()));
      case SubagentVariablesProvided p -> {
        String key = ProjectorStores.valueKey(thread, p.getRequestId());
        String request = variables.get(key);
        if (request != null) {
          put(variables, key, ProjectorStores.variablesProvidedJson(request, p.getChildThreadId()));
        }
      }
      case ThreadTerminated t -> closeOpenRequests(thread);
      case MessageUpdated u ->
          edits.put(ProjectorStores.editKey(thread, u.getMessageSeq()), u.getContent());
      case ThreadBranched b -> Branches.branched(branches, thread, event.getSeq(), b);
      default -> {}
    }
  }

  /** A deleted thread: its values, effects, env, variables requests, edits and branches go. */
  void forget(String thread) {
    for (KeyValueStore<String, String> store :
        java.util.List.of(values, effects, env, variables, edits, branches)) {
      java.util.List<String> keys = new java.util.ArrayList<>();
      try (var range =
          store.range(ProjectorStores.valueKey(thread, ""), ProjectorStores.valuesEnd(thread))) {
        range.forEachRemaining(e -> keys.add(e.key));
      }
      keys.forEach(store::delete);
    }
  }

  /** A terminated thread starts no held-back subagent: its open requests read closed. */
  private void closeOpenRequests(String thread) {
    java.util.Map<String, String> closed = new java.util.TreeMap<>();
    try (var range =
        variables.range(ProjectorStores.valueKey(thread, ""), ProjectorStores.valuesEnd(thread))) {
      range.forEachRemaining(
          e -> {
            String request = ProjectorStores.variablesClosedJson(e.value);
            if (request != null) {
              closed.put(e.key, request);
            }
          });
    }
    closed.forEach(variables::put);
  }

  private static void put(KeyValueStore<String, String> store, String key, String json) {
    if (json == null) {
      store.delete(key);
    } else {
      store.put(key, json);
    }
  }
}
