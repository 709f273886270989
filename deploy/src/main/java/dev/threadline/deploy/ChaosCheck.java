package dev.threadline.deploy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the event log itself says of a chaos run: every thread created once, its events numbered 1,
 * 2, 3 … with no gap and no number twice, exactly {@code steps} completed model calls and one
 * completed turn — and no tool request answered twice with different outcomes. Fed as the log is
 * read; asked for a {@link Verdict} at the end.
 */
final class ChaosCheck {
  /** The threads that finished, and every problem found (none: nothing lost or duplicated). */
  record Verdict(int threads, int finished, int lost, int duplicated, List<String> problems) {
    boolean ok() {
      return problems.isEmpty();
    }
  }

  private final Map<String, List<Long>> seqs = new HashMap<>();
  private final Map<String, Map<String, Integer>> counts = new HashMap<>();
  private final Map<String, Set<String>> toolOutcomes = new HashMap<>();

  synchronized void event(String threadId, long seq, String type) {
    seqs.computeIfAbsent(threadId, t -> new ArrayList<>()).add(seq);
    counts.computeIfAbsent(threadId, t -> new HashMap<>()).merge(type, 1, Integer::sum);
  }

  synchronized void toolResult(String requestId, String outcome) {
    toolOutcomes.computeIfAbsent(requestId, r -> new HashSet<>()).add(outcome);
  }

  /** How many of {@code threads} have completed their turn so far. */
  synchronized int finished(Collection<String> threads) {
    int finished = 0;
    for (String thread : threads) {
      finished += count(thread, "TurnCompleted") > 0 ? 1 : 0;
    }
    return finished;
  }

  synchronized Verdict verdict(Collection<String> threads, int steps) {
    List<String> problems = new ArrayList<>();
    int finished = 0;
    int lost = 0;
    int duplicated = 0;
    for (String thread : threads) {
      int turns = count(thread, "TurnCompleted");
      if (turns == 0) {
        lost++;
        problems.add(thread + ": never finished");
        continue;
      }
      finished++;
      List<String> wrong = new ArrayList<>();
      if (count(thread, "ThreadCreated") != 1) {
        wrong.add(count(thread, "ThreadCreated") + " ThreadCreated");
      }
      if (turns != 1) {
        wrong.add(turns + " TurnCompleted");
      }
      if (count(thread, "ModelCallCompleted") != steps) {
        wrong.add(count(thread, "ModelCallCompleted") + " of " + steps + " model calls");
      }
      List<Long> numbers = new ArrayList<>(seqs.get(thread));
      numbers.sort(null);
      for (int i = 0; i < numbers.size(); i++) {
        if (numbers.get(i) != i + 1) {
          wrong.add(
              i > 0 && numbers.get(i).equals(numbers.get(i - 1))
                  ? "seq " + numbers.get(i) + " twice"
                  : "seq gap before " + numbers.get(i));
          break;
        }
      }
      if (!wrong.isEmpty()) {
        duplicated++;
        problems.add(thread + ": " + String.join(", ", wrong));
      }
    }
    toolOutcomes.forEach(
        (request, outcomes) -> {
          if (outcomes.size() > 1) {
            problems.add("tool request " + request + " ran with different outcomes: " + outcomes);
          }
        });
    return new Verdict(threads.size(), finished, lost, duplicated, problems);
  }

  private int count(String thread, String type) {
    return counts.getOrDefault(thread, Map.of()).getOrDefault(type, 0);
  }
}
