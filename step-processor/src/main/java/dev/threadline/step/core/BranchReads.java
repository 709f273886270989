package dev.threadline.step.core;

import dev.threadline.step.core.Input.Branch;
import java.util.List;
import java.util.function.BiFunction;

/** What the shell reads for a branch before the machine decides it: the window it goes on from. */
public final class BranchReads {
  private BranchReads() {}

  /**
   * {@code b} as the shell hands it to the machine: with {@code before}'s active window up to the
   * branch's message, read by {@code window(fromSeq, untilSeq)}; none when that message is outside
   * the window (the machine refuses such a branch).
   */
  public static Branch readingPrefix(
      Branch b, MachineState before, BiFunction<Long, Long, List<Values.Message>> window) {
    boolean inWindow =
        before != null
            && b.atMessageSeq() >= before.contextStartSeq()
            && b.atMessageSeq() < before.nextMessageSeq();
    List<Values.Message> read =
        inWindow ? window.apply(before.contextStartSeq(), b.atMessageSeq() + 1) : List.of();
    return new Branch(b.commandId(), b.tenantId(), b.at(), b.atMessageSeq(), b.message(), read);
  }
}
