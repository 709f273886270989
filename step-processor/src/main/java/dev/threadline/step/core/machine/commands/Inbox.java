package dev.threadline.step.core.machine.commands;

import dev.threadline.config.Limits;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Enums.QueuedKind;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Input.Command;
import dev.threadline.step.core.Input.QueueTool;
import dev.threadline.step.core.Input.SendMessage;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.MessageRules.Invalid;
import dev.threadline.step.core.MessageRules.Valid;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Queued.QueuedMessage;
import dev.threadline.step.core.Queued.QueuedTool;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.TurnLoop;
import dev.threadline.step.core.machine.awaits.CreationHooks;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How work enters a thread (spec §2, §9): messages and queued tools, each {@linkplain #deliver
 * delivered} the same way — an idle thread starts a turn with it, a busy one queues it. The queue
 * is a durable FIFO, except that steering goes ahead of ordinary work and thread groups coalesce: a
 * chore joins a chore already queued, a will replaces the will already queued.
 */
public final class Inbox {
  private Inbox() {}

  public static void message(Decision d, SendMessage m) {
    InboundMessage message = checked(d, m, m.message());
    if (message == null) {
      return;
    }
    QueuedMessage item =
        new QueuedMessage(m.commandId(), message, m.delivery() == Delivery.STEER, d.at);
    deliver(d, m, item, m.delivery() == Delivery.AUTO ? Trigger.MESSAGE : Trigger.QUEUED_MESSAGE);
  }

  public static void queueTool(Decision d, QueueTool q) {
    String refusal =
        Arguments.toolRefusal(d.settings.config().limits(), q.name(), q.argumentsJson());
    if (refusal != null) {
      d.reject(q, refusal);
      return;
    }
    deliver(
        d,
        q,
        new QueuedTool(q.commandId(), q.name(), q.argumentsJson(), d.at),
        Trigger.QUEUED_TOOL);
  }

  /**
   * The message, normalized, or null after refusing {@code c} for it: in the thread's log, or
   * outside any log when the thread does not exist yet.
   */
  static InboundMessage checked(Decision d, Command c, InboundMessage message) {
    return switch (MessageRules.check(message, d.settings.config().limits())) {
      case Valid v -> v.message();
      case Invalid i -> {
        String reason = "invalid message: " + i.reason();
        if (d.state() == null) {
          d.rejectOutsideLog(c, reason);
        } else {
          d.reject(c, reason);
        }
        yield null;
      }
    };
  }

  /**
   * An idle thread starts a turn with {@code item}; a busy one queues it. {@code from} is the
   * command that brought it, refused when the queue is full; a delivery from the system has none
   * (it was admitted when it was scheduled or started) and its caller holds it back when the queue
   * is full ({@link #wouldOverflow}).
   */
  public static void deliver(Decision d, Command from, Queued item, Trigger trigger) {
    if (!d.state().isBusy()) {
      // A command of the tenant's that would start a turn on an idle root thread is held to the
      // quota; a fired effect or a child's report, admitted already, always is delivered.
      String quota = from == null || d.state().parent() != null ? null : overQuota(d);
      if (quota != null) {
        d.reject(from, quota);
        return;
      }
      TurnLoop.startWith(d, trigger, item);
      return;
    }
    String full = from == null ? null : full(d.state().queue(), item, d.settings.config().limits());
    if (full != null) {
      d.reject(from, full);
      return;
    }
    List<Queued> queue = new ArrayList<>(d.state().queue());
    if (coalesce(d, queue, item)) {
      return;
    }
    int position = queue.size();
    if (item instanceof QueuedMessage m && m.steer()) {
      position = 0; // steering goes ahead of ordinary queued work, behind earlier steering
      while (position < queue.size()
          && queue.get(position) instanceof QueuedMessage q
          && q.steer()) {
        position++;
      }
    }
    queue.add(position, item);
    d.queue.offered(queue, QueuedKind.of(item), item.commandId());
  }

  /**
   * Whether a delivery of {@code item} from the system would find the busy thread's queue full:
   * then it waits as a timer ({@code Effects.postpone}) instead of growing the queue past its caps.
   */
  public static boolean wouldOverflow(Decision d, Queued item) {
    return d.state().isBusy()
        && full(d.state().queue(), item, d.settings.config().limits()) != null;
  }

  /**
   * Why a turn of a root thread cannot start for the tenant's command: the tenant runs as many
   * threads as {@code threads.per.tenant} allows (as the shell last heard); or null. Subagents are
   * not held to it: each root thread's tree is bounded by {@code subagents.per.root}.
   */
  static String overQuota(Decision d) {
    long running = d.tenant.runningThreads();
    int most = d.settings.config().limits().threadsPerTenant();
    return running < most
        ? null
        : "the tenant has "
            + running
            + " threads running, the most it may ("
            + Limits.key("threads.per.tenant")
            + "): wait until some finish";
  }

  /**
   * Why {@code item} does not fit in {@code queue}, or null when it does. Counted before
   * coalescing, which can only make the queue smaller than this.
   */
  private static String full(List<Queued> queue, Queued item, Limits limits) {
    if (queue.size() >= limits.queueItems()) {
      return "queue is full: "
          + queue.size()
          + " items; the limit is "
          + limits.queueItems()
          + " ("
          + Limits.key("queue.items")
          + ")";
    }
    long bytes = item.bytes();
    for (Queued queued : queue) {
      bytes += queued.bytes();
    }
    if (bytes > limits.queueBytes()) {
      return "queue is full: "
          + Limits.over("the queue with this item", bytes, limits.queueBytes(), "queue.bytes");
    }
    return null;
  }

  /**
   * True when {@code item} was absorbed by the last queued item of its thread group: a will takes
   * its place, a chore joins it — while the two fit in one message; else the chore is queued on its
   * own.
   */
  private static boolean coalesce(Decision d, List<Queued> queue, Queued item) {
    if (!(item instanceof QueuedMessage incoming) || incoming.steer()) {
      return false;
    }
    Origin origin = incoming.message().origin();
    if (origin != Origin.CHORE && origin != Origin.WILL) {
      return false;
    }
    int i = queue.size() - 1;
    while (i >= 0
        && !(queue.get(i) instanceof QueuedMessage q
            && !q.steer()
            && q.message().origin() == origin
            && !CreationHooks.hooksMessage(d.state(), q.commandId()))) {
      i--;
    }
    if (i < 0) {
      return false;
    }
    QueuedMessage queued = (QueuedMessage) queue.get(i);
    boolean will = origin == Origin.WILL;
    if (!will
        && queued.bytes() + incoming.bytes() + 2 > d.settings.config().limits().messageBytes()) {
      return false;
    }
    queue.set(
        i,
        will
            ? incoming
            : new QueuedMessage(
                queued.commandId(),
                joined(queued.message(), incoming.message()),
                false,
                queued.queuedAt()));
    d.queue.offered(
        queue,
        will ? QueuedKind.WILL_REPLACED : QueuedKind.CHORE_COALESCED,
        incoming.commandId(),
        queued.commandId());
    return true;
  }

  /** Two chores as one: texts one after the other, metadata and attachments of both. */
  private static InboundMessage joined(InboundMessage first, InboundMessage second) {
    Map<String, String> meta = new HashMap<>(first.meta());
    meta.putAll(second.meta());
    List<Attachment> attachments = new ArrayList<>(first.attachments());
    attachments.addAll(second.attachments());
    return new InboundMessage(
        first.origin(),
        first.channel(),
        first.sender(),
        first.text() + "\n\n" + second.text(),
        meta,
        attachments);
  }
}
