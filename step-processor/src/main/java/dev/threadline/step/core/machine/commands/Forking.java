package dev.threadline.step.core.machine.commands;

import dev.threadline.keys.ThreadIds;
import dev.threadline.step.core.Enums.Role;
import dev.threadline.step.core.Event.ThreadCreated;
import dev.threadline.step.core.Event.ThreadForked;
import dev.threadline.step.core.Forks;
import dev.threadline.step.core.Input.CreateFork;
import dev.threadline.step.core.Input.Fork;
import dev.threadline.step.core.Input.ForkSeed;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A thread forks into a new one that goes on from its state at an event of its log: the messages of
 * its window then, copied; its values then; its agent and env as they are (its metadata names only
 * the thread and event it was forked from: the step processor holds no thread's metadata). The
 * thread forked writes the new thread's creation and seeds in the transaction that records the
 * fork, so a fork is made whole or not at all; the new thread appends the copies and writes the
 * values as its seeds come, takes nothing else until the last, then says so ({@code ForkSeeded}).
 * Children and a parent are not the fork's: it is a root thread of its own.
 */
public final class Forking {
  private Forking() {}

  public static void fork(Decision d, Fork f) {
    String refusal = refusal(d.state(), f);
    if (refusal != null) {
      d.reject(f, refusal);
      return;
    }
    Map<String, String> values = new TreeMap<>(f.copy().valuesNow());
    f.point()
        .valuesChanged()
        .forEach(
            (key, then) -> {
              if (then == null) {
                values.remove(key);
              } else {
                values.put(key, then);
              }
            });
    MachineState s = d.state();
    Forks.Point p = f.point();
    d.output(
        new Output.ForkThread(
            p.newThreadId(),
            s.agent().name(),
            s.agent(),
            s.env(),
            Map.of(),
            p.atSeq(),
            f.copy().prefix(),
            values));
    d.emit(
        new ThreadForked(
            p.newThreadId(), p.atSeq(), p.atMessageSeq(), f.copy().prefix().size(), f.commandId()));
  }

  /** Why the thread cannot fork as {@code f} asks, or null. */
  static String refusal(MachineState s, Fork fork) {
    Forks.Point f = fork.point();
    long last = s.nextMessageSeq() - 1;
    if (!ThreadIds.isValid(f.newThreadId()) || f.newThreadId().equals(s.threadId())) {
      return "invalid new thread id: " + ThreadIds.RULE;
    } else if (f.atSeq() < 1 || f.atSeq() >= s.nextEventSeq()) {
      return "the thread has no event "
          + f.atSeq()
          + ": its events are 1 to "
          + (s.nextEventSeq() - 1);
    } else if (f.atMessageSeq() > last || f.atMessageSeq() < 0) {
      return "the thread has no message " + f.atMessageSeq() + ": its messages are 1 to " + last;
    } else if (f.atMessageSeq() > 0
        && fork.copy().prefix().size() != f.atMessageSeq() - f.fromMessageSeq() + 1) {
      return "messages "
          + f.fromMessageSeq()
          + " to "
          + f.atMessageSeq()
          + " could not all be read";
    }
    Set<String> open = unanswered(fork.copy().prefix());
    return open.isEmpty()
        ? null
        : "event "
            + f.atSeq()
            + " leaves tool calls "
            + open
            + " without their results: fork at the last result instead";
  }

  /** The window's tool calls whose results are not in it: a model request could not carry them. */
  private static Set<String> unanswered(List<Message> window) {
    Set<String> open = new LinkedHashSet<>();
    for (Message m : window) {
      if (m.role() == Role.ASSISTANT) {
        m.toolCalls().stream().map(ToolCall::callId).forEach(open::add);
      } else if (m.role() == Role.TOOL) {
        open.remove(m.toolCallId());
      }
    }
    return open;
  }

  /** The fork's new thread begins: idle, with the forked thread's agent and env, awaiting seeds. */
  public static void created(Decision d, CreateFork fork) {
    Forks.Birth c = fork.birth();
    if (d.state() != null) {
      d.rejectOutsideLog(
          fork,
          d.state().tenantId().equals(fork.tenantId())
              ? "thread already exists"
              : "thread id is taken");
      return;
    }
    MachineState created =
        MachineState.created(
            fork.threadId(),
            fork.tenantId(),
            c.agent(),
            null,
            d.at,
            d.settings.config().limits().subagentsPerRoot());
    d.begin(created, new ThreadCreated(c.agentName(), null, null, c.metadata()));
    d.fork.awaitSeeds(
        new MachineState.ForkSeeding(c.fromThreadId(), c.atSeq(), Math.max(1, c.seeds()), 0, 0));
    EnvVariables.created(d, c.env());
  }

  /** A seed: its copies appended, its values written; the last one completes the fork. */
  public static void seeded(Decision d, ForkSeed command) {
    Forks.Seed seed = command.seed();
    MachineState.ForkSeeding seeding = d.state().forkSeeding();
    if (seeding == null || !seeding.fromThreadId().equals(seed.fromThreadId())) {
      d.reject(command, "the thread takes no seeds: it is not a fork awaiting them");
      return;
    }
    d.fork.seed(seed.messages(), seed.values());
  }
}
