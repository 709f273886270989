package dev.threadline.step.core.machine.commands;

import dev.threadline.config.Limits;
import dev.threadline.keys.ThreadIds;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event.CommandRejected;
import dev.threadline.step.core.Event.ThreadCreated;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Input.Abort;
import dev.threadline.step.core.Input.CreateThread;
import dev.threadline.step.core.Input.DeleteThread;
import dev.threadline.step.core.Input.Terminate;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.OptionalSubagents;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Sizes;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.TurnLoop;
import dev.threadline.step.core.machine.awaits.Compaction;
import dev.threadline.step.core.machine.awaits.ContinuationHooks;
import dev.threadline.step.core.machine.awaits.CreationHooks;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.ChildEnds;
import dev.threadline.step.core.machine.tools.ToolCalls;
import java.util.Map;

/**
 * A thread's life (spec §2, §10): creation with its agent frozen, abort of the turn in flight, and
 * termination — a soft shutdown that refuses all later work, tells the parent and terminates the
 * thread's live children.
 */
public final class Lifecycle {
  private Lifecycle() {}

  public static void create(Decision d, CreateThread c) {
    MachineState existing = d.state();
    if (existing != null && existing.tenantId().equals(c.tenantId())) {
      d.reject(c, "thread already exists");
      return;
    }
    String refused =
        existing != null
            ? "thread id is taken"
            : !ThreadIds.isValid(c.threadId())
                ? "invalid thread id: " + ThreadIds.RULE
                : c.agent() == null
                    ? "unknown agent '" + c.agentName() + "'"
                    : c.message() == null || c.parent() != null ? null : Inbox.overQuota(d);
    if (refused == null) {
      refused = Env.refusal(c.agent().env().variables(), c.agent().env().forPrompt(c.env()));
    }
    if (refused == null) {
      refused = Env.sizeRefusal(c.env());
    }
    if (refused != null) {
      refuseCreation(d, c, refused);
      return;
    }
    InboundMessage first = null;
    if (c.message() != null) {
      MessageRules.Checked checked = MessageRules.check(c.message(), d.settings.config().limits());
      if (checked instanceof MessageRules.Invalid invalid) {
        refuseCreation(d, c, "invalid message: " + invalid.reason());
        return;
      }
      first = ((MessageRules.Valid) checked).message();
    }
    String tooLarge = tooLarge(c, d.settings.config().limits());
    if (tooLarge != null) {
      refuseCreation(d, c, tooLarge);
      return;
    }
    AgentSnapshot agent = OptionalSubagents.resolved(c.agent(), d.settings.environment());
    int budget =
        c.parent() == null ? d.settings.config().limits().subagentsPerRoot() : c.parent().granted();
    d.begin(
        MachineState.created(c.threadId(), c.tenantId(), agent, c.parent(), d.at, budget),
        new ThreadCreated(
            c.agentName(),
            c.parent() == null ? null : c.parent().parentThreadId(),
            c.parent() == null ? null : c.parent().childName(),
            c.metadata() == null ? Map.of() : c.metadata()));
    EnvVariables.created(d, c.env());
    QueuedMessage message =
        first == null ? null : new QueuedMessage(c.commandId(), first, false, d.at);
    if (!CreationHooks.start(d, creationHookInput(c, first), message) && message != null) {
      TurnLoop.startWith(d, Trigger.MESSAGE, message);
    }
  }

  /** What the creation hooks are given: the thread, its agent, its parent and its message. */
  private static String creationHookInput(CreateThread c, InboundMessage first) {
    var input =
        Arguments.object()
            .put("threadId", c.threadId())
            .put("agent", c.agentName())
            .put("parentThreadId", c.parent() == null ? null : c.parent().parentThreadId())
            .put("name", c.parent() == null ? null : c.parent().childName())
            .put("message", first == null ? null : first.text());
    var metadata = input.putObject("metadata");
    if (c.metadata() != null) {
      c.metadata().forEach(metadata::put);
    }
    return input.toString();
  }

  /**
   * Why the thread's frozen agent (stored once, as one record) or its metadata (in its first event)
   * is too large, or null.
   */
  private static String tooLarge(CreateThread c, Limits limits) {
    long agent = Sizes.of(c.agent());
    long room = limits.recordBytes() - Limits.ENVELOPE_BYTES;
    if (agent > room) {
      return "the agent '"
          + c.agentName()
          + "' with the agents its subagents run is "
          + agent
          + " bytes; a thread's frozen agent may be "
          + room
          + " ("
          + Limits.key("record.bytes")
          + " less room for the record)";
    }
    long metadata = c.metadata() == null ? 0 : Sizes.of(c.metadata());
    if (metadata > limits.messageBytes()) {
      return Limits.over("the metadata", metadata, limits.messageBytes(), "message.bytes");
    }
    return null;
  }

  /**
   * A thread that cannot be created is refused outside any log; a child also tells its parent, or
   * the parent would wait for it for good (its registry entry and its model hear it failed).
   */
  private static void refuseCreation(Decision d, CreateThread c, String reason) {
    d.rejectOutsideLog(c, reason);
    if (c.parent() != null) {
      String why =
          Arguments.object()
              .put("reason", "the child thread could not be created: " + reason)
              .toString();
      d.output(
          new Output.NotifyParent(
              c.parent().parentThreadId(), ChildReport.FAILED, ChildReport.NOT_CREATED, why));
    }
  }

  /**
   * Cancels the turn in flight, or a compaction between turns; an idle thread has nothing to abort
   * (no dead letter: no harm).
   */
  public static void abort(Decision d, Abort a) {
    if (!d.state().isBusy()) {
      d.emit(new CommandRejected(a.commandId(), "Abort", "no turn in flight"));
      return;
    }
    if (Compaction.abortedBetweenTurns(d)
        || ContinuationHooks.abortedBetweenTurns(d)
        || CreationHooks.abortedBeforeFirstTurn(d)) {
      TurnLoop.on(d, Settled.BETWEEN_TURNS); // no turn ends: the thread goes on as it would
      return;
    }
    ToolCalls.answerOutstanding(d, "cancelled: the turn was aborted");
    ChildEnds.abandon(d, "the parent's turn was aborted");
    d.fenceInFlight();
    TurnLoop.on(d, new Settled.TurnOver(TurnEnd.ABORTED));
  }

  public static void terminate(Decision d, Terminate t) {
    if (CreationHooks.awaited(d.state())) {
      d.fenceInFlight(); // before its first turn: no turn to end
    } else if (d.state().isBusy()) {
      ToolCalls.answerOutstanding(d, "cancelled: the thread was terminated");
      d.fenceInFlight();
      d.emit(new TurnCompleted(TurnEnd.TERMINATED, d.state().step()));
    }
    ChildEnds.closeThread(d, t.reason());
  }

  /**
   * Deletion: a thread that was not terminated is first (its parent told, its live children
   * terminated); then every child its registry names is deleted too, and what the thread holds is
   * removed. Its state stays as a tombstone of ids and counts, and takes no more input.
   */
  public static void delete(Decision d, DeleteThread del) {
    if (d.state().status() != Status.TERMINATED) {
      terminate(d, new Terminate(del.commandId(), del.tenantId(), del.at(), "deleted"));
    }
    for (ChildEntry child : d.state().children().entries()) {
      d.output(new Output.DeleteChild(child.childThreadId(), "parent deleted"));
    }
    d.ending.delete(del.reason());
  }
}
