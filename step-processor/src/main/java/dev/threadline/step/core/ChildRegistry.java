package dev.threadline.step.core;

import dev.threadline.step.core.Enums.ChildStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A parent thread's children (spec §7.1): who they are, how they are, and what they hold. Live
 * children are all kept (the subagent budget bounds them); of the finished ones only the newest
 * {@code kept} — so the registry stays small however many children a thread has had.
 */
public record ChildRegistry(List<ChildEntry> entries) {
  public static final ChildRegistry EMPTY = new ChildRegistry(List.of());

  public ChildRegistry {
    entries = List.copyOf(entries);
  }

  /** The child whose thread is {@code childThreadId}. */
  public Optional<ChildEntry> child(String childThreadId) {
    return entries.stream().filter(c -> c.childThreadId().equals(childThreadId)).findFirst();
  }

  /** The resumable child named {@code name} that has not been terminated. */
  public Optional<ChildEntry> resumable(String name) {
    return entries.stream()
        .filter(c -> c.resumable() && c.name().equals(name))
        .filter(c -> c.status() != ChildStatus.TERMINATED)
        .findFirst();
  }

  /** The resumable child named {@code name} that was, and has been terminated (or never was). */
  public Optional<ChildEntry> ended(String name) {
    return entries.stream()
        .filter(c -> c.resumable() && c.name().equals(name) && c.status() == ChildStatus.TERMINATED)
        .findFirst();
  }

  /** The names of the resumable children that live, for guidance in a refusal. */
  public List<String> resumableNames() {
    return entries.stream().filter(c -> c.resumable() && c.alive()).map(ChildEntry::name).toList();
  }

  /** Whether a child not terminated goes by {@code name}. */
  public boolean nameTaken(String name) {
    return entries.stream()
        .anyMatch(c -> c.name().equals(name) && c.status() != ChildStatus.TERMINATED);
  }

  /**
   * How many children of subagent {@code subagentName} live (its maxInstances bound): running, or
   * resumable and waiting for more work.
   */
  public long instances(String subagentName) {
    return entries.stream().filter(c -> c.subagentName().equals(subagentName) && c.alive()).count();
  }

  /** The children that live: running, or resumable and idle. */
  public List<ChildEntry> living() {
    return entries.stream().filter(ChildEntry::alive).toList();
  }

  /** The running children. */
  public List<ChildEntry> running() {
    return entries.stream().filter(ChildEntry::active).toList();
  }

  /** The registry with {@code added}, keeping the newest {@code kept} finished children. */
  public ChildRegistry with(ChildEntry added, int kept) {
    List<ChildEntry> all = new ArrayList<>(entries);
    all.add(added);
    return bounded(all, kept);
  }

  /** The registry with {@code updated} in its entry's place, keeping {@code kept} finished. */
  public ChildRegistry replaced(ChildEntry updated, int kept) {
    return bounded(
        entries.stream()
            .map(c -> c.childThreadId().equals(updated.childThreadId()) ? updated : c)
            .toList(),
        kept);
  }

  private static ChildRegistry bounded(List<ChildEntry> children, int kept) {
    List<ChildEntry> bounded = new ArrayList<>(children);
    long finished = bounded.stream().filter(c -> !c.alive()).count();
    for (int i = 0; i < bounded.size() && finished > kept; ) {
      if (!bounded.get(i).alive()) {
        bounded.remove(i);
        finished--;
      } else {
        i++;
      }
    }
    return new ChildRegistry(bounded);
  }
}
