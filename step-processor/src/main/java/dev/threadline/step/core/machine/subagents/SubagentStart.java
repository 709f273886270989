package dev.threadline.step.core.machine.subagents;

import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.keys.ThreadIds;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event.SubagentCreated;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.core.Sizes;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Starting a child thread, whether its parent's call starts it at once or a completed variables
 * request starts it later: the checks every start passes, and the start itself — registered in the
 * parent's registry, created by a command to its own thread, and announced.
 */
public final class SubagentStart {
  private SubagentStart() {}

  /** What a child is started with. */
  record Child(
      Subagent spec,
      AgentSnapshot agent,
      String childId,
      String name,
      String task,
      List<Attachment> attachments,
      Map<String, Env.Value> env) {}

  /**
   * Why subagent {@code spec} cannot start a child named {@code childName} as {@code childId} with
   * {@code task} now (its maxInstances, the tree's limits, an invalid id or task), or null.
   */
  static String refusal(Decision d, Subagent spec, String childName, String childId, String task) {
    MachineState s = d.state();
    long instances = s.children().instances(spec.name());
    if (instances >= spec.maxInstances()) {
      return "subagent '"
          + spec.name()
          + "' already has "
          + instances
          + " instance(s), its maxInstances; "
          + (spec.resumable()
              ? "give more work to one of them with subagent_message"
              : "wait until one finishes (its result arrives as a message)");
    }
    Limits limits = d.settings.config().limits();
    if (childName.length() > SubagentBudget.NAME_CHARS) {
      return "a subagent's name may be at most " + SubagentBudget.NAME_CHARS + " characters";
    }
    String refusal = SubagentBudget.refusal(s, spec.name(), limits);
    if (refusal != null) {
      return refusal;
    }
    if (!ThreadIds.isValid(childId)) {
      return "cannot start subagent '"
          + spec.name()
          + "': the child thread id would be invalid (too long?)";
    }
    if (MessageRules.check(InboundMessage.invoke(task), limits)
        instanceof MessageRules.Invalid invalid) {
      return "cannot give subagent '" + spec.name() + "' this task: " + invalid.reason();
    }
    return null;
  }

  /**
   * Why child {@code c} cannot be created: its env is more variables than a thread holds, or its
   * agent, env and task would not fit in one record (the command that creates it); or null.
   */
  static String sizeRefusal(Decision d, Child c) {
    String envRefusal = Env.sizeRefusal(c.env());
    if (envRefusal != null) {
      return "subagent '" + c.spec().name() + "' cannot start with its env: " + envRefusal;
    }
    long bytes = Sizes.of(c.agent()) + Utf8.length(c.task());
    for (var e : c.env().entrySet()) {
      bytes += Utf8.length(e.getKey()) + Utf8.length(e.getValue().value());
    }
    long room = d.settings.config().limits().recordBytes() - Limits.ENVELOPE_BYTES;
    return bytes <= room
        ? null
        : "subagent '"
            + c.spec().name()
            + "' cannot start: its agent, env and task are "
            + bytes
            + " bytes, over the "
            + room
            + " a child's creation may be ("
            + Limits.key("record.bytes")
            + ")";
  }

  /**
   * Registers the child, creates its thread and announces it.
   *
   * @param waitingRequestId the parent's call that waits for the child's result, or null
   */
  static void start(Decision d, Child c, String waitingRequestId) {
    MachineState s = d.state();
    Limits limits = d.settings.config().limits();
    int grant = SubagentBudget.grant(s, c.agent(), limits);
    ChildEntry entry =
        new ChildEntry(
            c.childId(),
            c.name(),
            c.spec().name(),
            c.spec().resumable(),
            ChildStatus.RUNNING,
            null,
            1 + grant,
            waitingRequestId);
    d.subagents.register(entry, SubagentBudget.remaining(s, limits) - entry.granted());
    ParentRef link =
        new ParentRef(
            s.threadId(),
            c.spec().name(),
            c.name(),
            c.spec().resumable(),
            c.spec().explicitCommunication(),
            SubagentBudget.depth(s) + 1,
            grant);
    Map<String, String> metadata = new TreeMap<>();
    String description = ChildEnv.description(s, c.spec());
    if (description != null) {
      metadata.put("description", description);
    }
    d.output(
        new Output.SpawnChild(
            c.childId(), c.agent(), link, c.task(), c.attachments(), c.env(), metadata));
    d.emit(
        new SubagentCreated(
            c.childId(), c.name(), c.spec().name(), c.spec().agent(), waitingRequestId != null));
  }
}
