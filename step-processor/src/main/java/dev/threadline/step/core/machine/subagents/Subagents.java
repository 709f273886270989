package dev.threadline.step.core.machine.subagents;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Event.SubagentMessaged;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.awaits.BlockingSubagents;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.List;
import java.util.Optional;

/**
 * Subagents, the parent's calls (spec §7.1, §7.2): a declared subagent called as a tool starts a
 * child thread for one task; resumable subagents are created ({@code subagent_create}) and given
 * more work ({@code subagent_message}) by name. Every refusal is a tool error that tells the model
 * what to do instead; the checks every start passes and the start itself are {@link
 * SubagentStart}'s.
 */
public final class Subagents {
  private Subagents() {}

  /** A declared subagent called with its task. */
  public static Settled callDeclared(Decision d, Started started, Subagent spec) {
    JsonNode args = Arguments.parse(started.call().argumentsJson());
    if (args == null || !args.isObject()) {
      return CallDone.failed(started, Arguments.notAnObject(started.call()));
    }
    String task = args.path(spec.messageProperty()).asText("");
    if (task.isBlank()) {
      return CallDone.failed(
          started, "field '" + spec.messageProperty() + "' is required: the task for the subagent");
    }
    String hinted = ChildEnv.name(d.state(), spec);
    String fallback = hinted == null ? spec.name() : hinted;
    String given =
        spec.initAgentNameProperty() == null
            ? ""
            : args.path(spec.initAgentNameProperty()).asText("").strip();
    String childName = given.isEmpty() ? fallback : given;
    return start(
        d,
        started,
        spec,
        childName,
        task,
        Arguments.attachments(args, spec.initAttachmentsProperty()));
  }

  /** subagent_create or subagent_message. */
  public static Settled control(Decision d, Started started) {
    JsonNode args = Arguments.parse(started.call().argumentsJson());
    if (args == null || !args.isObject()) {
      return CallDone.failed(started, Arguments.notAnObject(started.call()));
    }
    return started.call().name().equals(RuntimeTools.SUBAGENT_CREATE)
        ? create(d, started, args)
        : message(d, started, args);
  }

  private static Settled create(Decision d, Started started, JsonNode args) {
    MachineState s = d.state();
    String wanted = args.path("subagent").asText("");
    Optional<Subagent> resumable =
        s.agent().subagents().stream()
            .filter(sa -> sa.resumable() && sa.name().equals(wanted))
            .findFirst();
    if (resumable.isEmpty()) {
      List<String> yours =
          s.agent().subagents().stream().filter(Subagent::resumable).map(Subagent::name).toList();
      return CallDone.failed(started, "no resumable subagent '" + wanted + "'; yours: " + yours);
    }
    String childName = args.path("name").asText("").trim();
    if (childName.isEmpty()) {
      return CallDone.failed(
          started, "subagent_create needs a non-empty 'name' for the new subagent");
    }
    if (s.children().nameTaken(childName)
        || s.deferred().stream().anyMatch(r -> r.childName().equals(childName))) {
      return CallDone.failed(
          started,
          "a subagent named '"
              + childName
              + "' already exists; send it work with subagent_message");
    }
    String task = args.path("message").asText("");
    if (task.isBlank()) {
      return CallDone.failed(
          started, "subagent_create needs a non-empty 'message': the new subagent's task");
    }
    return start(
        d, started, resumable.get(), childName, task, Arguments.attachments(args, "attachments"));
  }

  private static Settled message(Decision d, Started started, JsonNode args) {
    MachineState s = d.state();
    String childName = args.path("name").asText("");
    Optional<ChildEntry> child = s.children().resumable(childName);
    Optional<ChildEntry> ended = child.isEmpty() ? s.children().ended(childName) : Optional.empty();
    if (ended.isPresent()) {
      return CallDone.failed(
          started,
          "subagent '"
              + childName
              + (ChildReport.NOT_CREATED.equals(ended.get().sessionStatus())
                  ? "' was never created (its thread could not be created)"
                  : "' has ended (terminated)")
              + " and takes no more work; start a new one with subagent_create");
    }
    if (child.isEmpty()) {
      return CallDone.failed(
          started,
          "no resumable subagent named '"
              + childName
              + "'; yours: "
              + s.children().resumableNames());
    }
    String text = args.path("message").asText("");
    if (text.isBlank()) {
      return CallDone.failed(started, "field 'message' is required");
    }
    String childId = child.get().childThreadId();
    d.subagents.changed(child.get(), child.get().withStatus(ChildStatus.RUNNING));
    boolean asSideB =
        s.agent().subagents().stream()
            .anyMatch(sa -> sa.name().equals(child.get().subagentName()) && sa.receivesSideB());
    List<Attachment> files = Arguments.attachments(args, "attachments");
    d.output(new Output.MessageChild(childId, text, files, asSideB));
    d.emit(new SubagentMessaged(childId, childName, files.size()));
    return CallDone.succeeded(
        started, Arguments.object().put("sent", true).put("childThreadId", childId).toString());
  }

  /**
   * A call starts a child from the agent definition frozen with this thread — unless a check
   * refuses it, or its agent was not defined when this thread started (then its registry entry says
   * failed), or it needs variables it cannot get from this thread (then it waits for them: {@link
   * SubagentVariables}). A blocking call then waits for the child's result.
   */
  private static Settled start(
      Decision d,
      Started started,
      Subagent spec,
      String childName,
      String task,
      List<Attachment> attachments) {
    MachineState s = d.state();
    String childId = Ids.child(s.threadId(), spec.name(), s.turn(), s.step(), started.index());
    String refusal = SubagentStart.refusal(d, spec, childName, childId, task);
    if (refusal != null) {
      return CallDone.failed(started, refusal);
    }
    Optional<AgentSnapshot> agent = s.agent().teamMember(spec.agent());
    if (agent.isEmpty()) {
      ChildEntry failed =
          new ChildEntry(
              childId, childName, spec.name(), spec.resumable(), ChildStatus.FAILED, null, 0, null);
      d.subagents.registerFailed(failed);
      return CallDone.failed(
          started,
          "cannot start subagent '"
              + spec.name()
              + "': its agent '"
              + spec.agent()
              + "' was not defined when this thread started");
    }
    var env = ChildEnv.of(s, spec, agent.get());
    var missing = ChildEnv.missing(agent.get(), env);
    if (!missing.isEmpty()) {
      return SubagentVariables.defer(
          d, started, spec, agent.get(), childName, task, attachments, missing);
    }
    var child =
        new SubagentStart.Child(spec, agent.get(), childId, childName, task, attachments, env);
    String tooLarge = SubagentStart.sizeRefusal(d, child);
    if (tooLarge != null) {
      return CallDone.failed(started, tooLarge);
    }
    if (spec.waitsForResult()) {
      SubagentStart.start(d, child, started.requestId());
      return BlockingSubagents.await(d, started, childId, childName);
    }
    SubagentStart.start(d, child, null);
    return CallDone.succeeded(
        started,
        Arguments.object()
            .put("childThreadId", childId)
            .put("name", childName)
            .put("status", "started")
            .toString());
  }
}
