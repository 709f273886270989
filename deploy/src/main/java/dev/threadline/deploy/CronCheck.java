package dev.threadline.deploy;

import dev.threadline.avro.EffectCancelled;
import dev.threadline.avro.EffectFired;
import dev.threadline.avro.EffectScheduled;
import dev.threadline.avro.MessageAppended;
import dev.threadline.avro.ThreadEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the event log says of crons in a chaos round: each time a cron was scheduled for fired once
 * — a run of its own ({@code effectId@epochMillis}) appended once — except the time it was
 * scheduled for when it was cancelled; its times only ever move forward. Fed as the log is read.
 */
final class CronCheck {
  /** One cron: the times it was scheduled for, in log order; firings; runs; whether it ended. */
  private static final class Cron {
    final List<Instant> scheduled = new ArrayList<>();
    int fired;
    final List<Long> runs = new ArrayList<>();
    boolean cancelled;
  }

  private final Map<String, Cron> crons = new HashMap<>();

  synchronized void event(ThreadEvent e) {
    switch (e.getPayload()) {
      case EffectScheduled s when s.getRecurrence() != null ->
          cron(e, s.getEffectId()).scheduled.add(s.getFireAt());
      case EffectFired f when crons.containsKey(key(e, f.getEffectId())) ->
          crons.get(key(e, f.getEffectId())).fired++;
      case EffectCancelled c when crons.containsKey(key(e, c.getEffectId())) ->
          crons.get(key(e, c.getEffectId())).cancelled = true;
      case MessageAppended m when m.getCommandId() != null && m.getCommandId().contains("@") -> {
        String id = m.getCommandId();
        String effect = id.substring(0, id.lastIndexOf('@'));
        long at = Long.parseLong(id.substring(id.lastIndexOf('@') + 1));
        cron(e, effect).runs.add(at);
      }
      default -> {}
    }
  }

  /** How many times cron {@code effectId} of {@code threadId} has fired so far. */
  synchronized int fired(String threadId, String effectId) {
    Cron cron = crons.get(threadId + "/" + effectId);
    return cron == null ? 0 : cron.fired;
  }

  /** Whether cron {@code effectId} of {@code threadId} is cancelled and each firing appended. */
  synchronized boolean settled(String threadId, String effectId) {
    Cron cron = crons.get(threadId + "/" + effectId);
    return cron != null && cron.cancelled && cron.runs.size() >= cron.fired;
  }

  /** The problems found with the crons named {@code threadId/effectId}: none when all held. */
  synchronized List<String> problems(List<String> names) {
    List<String> problems = new ArrayList<>();
    for (String name : names) {
      Cron cron = crons.get(name);
      if (cron == null || cron.scheduled.isEmpty()) {
        problems.add(name + ": never scheduled");
        continue;
      }
      for (int i = 1; i < cron.scheduled.size(); i++) {
        if (!cron.scheduled.get(i).isAfter(cron.scheduled.get(i - 1))) {
          problems.add(name + ": scheduled for " + cron.scheduled.get(i) + " again or earlier");
        }
      }
      Set<Long> runs = new HashSet<>(cron.runs);
      if (runs.size() != cron.runs.size()) {
        problems.add(name + ": a time ran twice: " + cron.runs);
      }
      // Each time it was scheduled for fired, but the last: the time pending when it was cancelled.
      List<Instant> due =
          cron.scheduled.subList(0, cron.scheduled.size() - (cron.cancelled ? 1 : 0));
      for (Instant at : due) {
        if (!runs.contains(at.toEpochMilli())) {
          problems.add(name + ": the time " + at + " never ran");
        }
      }
      if (cron.fired != due.size()) {
        problems.add(name + ": fired " + cron.fired + " times for " + due.size() + " times due");
      }
    }
    return problems;
  }

  private Cron cron(ThreadEvent e, String effectId) {
    return crons.computeIfAbsent(key(e, effectId), k -> new Cron());
  }

  private static String key(ThreadEvent e, String effectId) {
    return e.getThreadId() + "/" + effectId;
  }
}
