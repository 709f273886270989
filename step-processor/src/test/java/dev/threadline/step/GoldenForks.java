package dev.threadline.step;

import dev.threadline.avro.ThreadCommand;
import dev.threadline.step.core.BranchReads;
import dev.threadline.step.core.Forks;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Values.Message;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

/** Forks in the golden world: made at a thread's last event, read as the shell reads them. */
final class GoldenForks {
  private GoldenForks() {}

  /** A fork of {@code thread} at its last event, its whole window copied, into its own thread. */
  static Input.Fork atLast(String commandId, String thread, MachineState s, Instant now) {
    return new Input.Fork(
        commandId,
        GoldenAgents.TENANT,
        now,
        new Forks.Point(
            thread + "-fork-" + s.nextEventSeq(),
            s.nextEventSeq() - 1,
            s.contextStartSeq(),
            s.nextMessageSeq() - 1,
            Map.of()),
        Forks.Copy.NONE);
  }

  /** {@code input} as the shell hands it over: a branch or a fork with what it copies read. */
  static Input read(
      Input input,
      MachineState before,
      BiFunction<Long, Long, List<Message>> stored,
      Map<String, String> values) {
    return switch (input) {
      case Input.Branch b -> BranchReads.readingPrefix(b, before, stored);
      case Input.Fork f when before != null -> Forks.reading(f, stored, new TreeMap<>(values));
      default -> input;
    };
  }

  /** The new thread's commands, as the shell writes them. */
  static List<ThreadCommand> commands(MachineState s, Output.ForkThread fork, Instant now) {
    return ForkCommands.of(s, fork, now.toEpochMilli(), GoldenFiles.UNCHANGED, 500_000);
  }
}
