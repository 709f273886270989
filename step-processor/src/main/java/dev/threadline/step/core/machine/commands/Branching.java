package dev.threadline.step.core.machine.commands;

import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Input.Branch;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.TurnLoop;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A thread goes on from an earlier state of its own: the messages of its active window up to the
 * one named are copied to the head as a new window, and a turn runs on them — with an edited
 * message resent, or on them alone for the model to answer again. Only messages go back: the
 * thread's agent, env, values, files and children stay as they are now. A branch is between turns
 * (a running turn would answer on the branch it left), of a root thread (a subagent's parent reads
 * its answers), and within the active window (a compacted message is no longer in any request).
 */
public final class Branching {
  private Branching() {}

  public static void branch(Decision d, Branch b) {
    String refusal = refusal(d.state(), b);
    if (refusal != null) {
      d.reject(b, refusal);
      return;
    }
    InboundMessage message = b.message() == null ? null : Inbox.checked(d, b, b.message());
    if (b.message() != null && message == null) {
      return;
    }
    String quota = Inbox.overQuota(d);
    if (quota != null) {
      d.reject(b, quota);
      return;
    }
    QueuedMessage first =
        message == null ? null : new QueuedMessage(b.commandId(), message, false, d.at);
    TurnLoop.startBranch(
        d, first, x -> x.turn.branched(b.atMessageSeq(), b.prefix(), b.commandId()));
  }

  /** Why the thread cannot go on from {@code b}'s message now, or null. */
  static String refusal(MachineState s, Branch b) {
    long at = b.atMessageSeq();
    long last = s.nextMessageSeq() - 1;
    if (s.isBusy()) {
      return "the thread is running a turn: it branches between turns (abort the turn first)";
    } else if (s.parent() != null) {
      return "a subagent's thread does not branch: its parent reads its answers as they came";
    } else if (at < 0 || at > last) {
      return "the thread has no message " + at + ": its messages are 1 to " + last;
    } else if (at == 0 && b.message() == null) {
      return "a branch before the first message needs a message to send";
    } else if (at != 0 && at < s.contextStartSeq()) {
      return "message "
          + at
          + " is outside the thread's active window (from message "
          + s.contextStartSeq()
          + "): it was compacted, or is on a branch the thread left";
    }
    Set<String> open = unanswered(b);
    return open.isEmpty()
        ? null
        : "message "
            + at
            + " leaves tool calls "
            + open
            + " without their results: branch at the last result instead";
  }

  /** The prefix's tool calls whose results are not in it: a model request could not carry them. */
  private static Set<String> unanswered(Branch b) {
    Set<String> open = new LinkedHashSet<>();
    for (Message m : b.prefix()) {
      if (m.role() == Role.ASSISTANT) {
        m.toolCalls().stream().map(ToolCall::callId).forEach(open::add);
      } else if (m.role() == Role.TOOL) {
        open.remove(m.toolCallId());
      }
    }
    return open;
  }
}
