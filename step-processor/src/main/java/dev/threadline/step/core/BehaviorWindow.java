package dev.threadline.step.core;

import java.util.Set;
import java.util.TreeSet;

/**
 * What a turn has done that its agent's behaviours watch, by behaviour name: those whose {@code
 * toolUsed} and whose {@code fileWritten} a call since the turn began (or the last behaviour fired)
 * met, and those that fired this turn. Bounded by the agent's behaviours, whatever the turn does.
 */
public record BehaviorWindow(Set<String> toolUsed, Set<String> fileWritten, Set<String> fired) {
  public static final BehaviorWindow EMPTY = new BehaviorWindow(Set.of(), Set.of(), Set.of());

  public BehaviorWindow {
    toolUsed = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(toolUsed));
    fileWritten = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(fileWritten));
    fired = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(fired));
  }

  /** Whether {@code b}'s conditions hold and it has not fired this turn. */
  public boolean due(Behavior b) {
    return !fired.contains(b.name())
        && (b.toolUsed().isEmpty() || toolUsed.contains(b.name()))
        && (b.fileWritten().isEmpty() || fileWritten.contains(b.name()));
  }

  public BehaviorWindow usedToolFor(String behavior) {
    return new BehaviorWindow(with(toolUsed, behavior), fileWritten, fired);
  }

  public BehaviorWindow wroteFileFor(String behavior) {
    return new BehaviorWindow(toolUsed, with(fileWritten, behavior), fired);
  }

  /** {@code behavior} fired: the activity seen so far is spent, and it fires no more this turn. */
  public BehaviorWindow firedFor(String behavior) {
    return new BehaviorWindow(Set.of(), Set.of(), with(fired, behavior));
  }

  private static Set<String> with(Set<String> set, String name) {
    Set<String> copy = new TreeSet<>(set);
    copy.add(name);
    return copy;
  }
}
