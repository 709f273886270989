package dev.threadline.testkit;

import java.util.List;
import java.util.Optional;

/**
 * Child processes a test JVM starts (the schema registry) name the JVM that owns them on their
 * command line; a JVM that was killed or halted — a crashed test fork, a run cut short — ran no
 * shutdown hook and left its children running, each holding a few hundred megabytes. The next test
 * JVM to start one reaps them, so that one crash cannot starve every module tested after it.
 */
final class OrphanedChildren {
  /** The system property a child is started with: the pid of the JVM that owns it. */
  static final String OWNER = "threadline.testkit.owner.pid";

  private OrphanedChildren() {}

  /** The command-line argument that marks a child as this JVM's. */
  static String ownerArgument() {
    return "-D" + OWNER + "=" + ProcessHandle.current().pid();
  }

  /** Ends every marked child whose owner is gone; returns how many it ended. */
  static int reap() {
    int reaped = 0;
    for (ProcessHandle process : ProcessHandle.allProcesses().toList()) {
      Optional<Long> owner = owner(process.info().arguments().map(List::of).orElse(List.of()));
      if (owner.isPresent() && ProcessHandle.of(owner.get()).map(p -> !p.isAlive()).orElse(true)) {
        process.destroyForcibly();
        reaped++;
      }
    }
    return reaped;
  }

  static Optional<Long> owner(List<String> arguments) {
    String prefix = "-D" + OWNER + "=";
    for (String argument : arguments) {
      if (argument.startsWith(prefix)) {
        try {
          return Optional.of(Long.parseLong(argument.substring(prefix.length())));
        } catch (NumberFormatException e) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }
}
