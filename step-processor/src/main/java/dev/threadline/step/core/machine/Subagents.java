package dev.threadline.step.core.machine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.config.Limits;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.machine.ToolCalls.Started;
import java.util.List;
import java.util.Optional;

/**
 * Subagents, the parent's side (spec §7): a declared subagent called as a tool starts a child
 * thread for one task; resumable subagents are created and given more work by name. Children are
 * registered in the parent's state, bounded by each subagent's {@code maxInstances}; every refusal
 * is a tool error that tells the model what to do instead.
 */
final class Subagents {
  private Subagents() {}

  /** A declared subagent called with its task. */
  static void handOff(Decision d, Started started, Subagent spec) {
    JsonNode args = objectArguments(d, started);
    if (args == null) {
      return;
    }
    String property =
        spec.initUserMessageProperty() == null ? "message" : spec.initUserMessageProperty();
    String task = args.path(property).asText("");
    if (task.isBlank()) {
      ToolCalls.fail(d, started, "field '" + property + "' is required: the task for the subagent");
      return;
    }
    String hinted = ChildEnv.name(d.state(), spec);
    String fallback = hinted == null ? spec.name() : hinted;
    String childName =
        spec.initAgentNameProperty() == null
            ? fallback
            : args.path(spec.initAgentNameProperty()).asText(fallback);
    List<Attachment> files = Arguments.attachments(args, spec.initAttachmentsProperty());
    spawn(d, started, spec, childName, task, files);
  }

  /** subagent_create or subagent_message. */
  static void control(Decision d, Started started) {
    JsonNode args = objectArguments(d, started);
    if (args == null) {
      return;
    }
    if (started.call().name().equals(RuntimeTools.SUBAGENT_CREATE)) {
      create(d, started, args);
    } else {
      message(d, started, args);
    }
  }

  private static void create(Decision d, Started started, JsonNode args) {
    MachineState s = d.state();
    String wanted = args.path("subagent").asText("");
    Optional<Subagent> resumable =
        s.agent().subagents().stream()
            .filter(sa -> sa.resumable() && sa.name().equals(wanted))
            .findFirst();
    if (resumable.isEmpty()) {
      List<String> yours =
          s.agent().subagents().stream().filter(Subagent::resumable).map(Subagent::name).toList();
      ToolCalls.fail(d, started, "no resumable subagent '" + wanted + "'; yours: " + yours);
      return;
    }
    String childName = args.path("name").asText("").trim();
    if (childName.isEmpty()) {
      ToolCalls.fail(d, started, "subagent_create needs a non-empty 'name' for the new subagent");
      return;
    }
    if (s.children().stream()
            .anyMatch(c -> c.name().equals(childName) && !c.status().equals("terminated"))
        || s.deferred().stream().anyMatch(r -> r.childName().equals(childName))) {
      ToolCalls.fail(
          d,
          started,
          "a subagent named '"
              + childName
              + "' already exists; send it work with subagent_message");
      return;
    }
    String task = args.path("message").asText("");
    if (task.isBlank()) {
      ToolCalls.fail(
          d, started, "subagent_create needs a non-empty 'message': the new subagent's task");
      return;
    }
    spawn(d, started, resumable.get(), childName, task, Arguments.attachments(args, "attachments"));
  }

  private static void message(Decision d, Started started, JsonNode args) {
    MachineState s = d.state();
    String childName = args.path("name").asText("");
    Optional<ChildEntry> child =
        s.children().stream()
            .filter(
                c ->
                    c.name().equals(childName) && c.resumable() && !c.status().equals("terminated"))
            .findFirst();
    if (child.isEmpty()) {
      List<String> yours =
          s.children().stream().filter(ChildEntry::resumable).map(ChildEntry::name).toList();
      ToolCalls.fail(
          d, started, "no resumable subagent named '" + childName + "'; yours: " + yours);
      return;
    }
    String text = args.path("message").asText("");
    if (text.isBlank()) {
      ToolCalls.fail(d, started, "field 'message' is required");
      return;
    }
    String childId = child.get().childThreadId();
    SubagentLimits.changed(d, child.get(), child.get().withStatus(ChildEntry.RUNNING));
    boolean asSideB =
        s.agent().subagents().stream()
            .anyMatch(sa -> sa.name().equals(child.get().subagentName()) && sa.receivesSideB());
    d.output(
        new Output.MessageChild(
            childId, text, Arguments.attachments(args, "attachments"), asSideB));
    ToolCalls.succeed(
        d, started, Arguments.object().put("sent", true).put("childThreadId", childId).toString());
  }

  /**
   * Starts a child thread from the agent definition frozen with this thread — unless a check of
   * {@link SubagentStart} refuses it, or its agent was not defined when this thread started (then
   * its registry entry says failed), or it needs variables it cannot get from this thread (then it
   * waits for them: {@link SubagentVariables}).
   */
  private static void spawn(
      Decision d,
      Started started,
      Subagent spec,
      String childName,
      String task,
      List<Attachment> attachments) {
    MachineState s = d.state();
    String childId = childId(s, spec, started.index());
    String refusal = SubagentStart.refusal(d, spec, childName, childId, task);
    if (refusal != null) {
      ToolCalls.fail(d, started, refusal);
      return;
    }
    Optional<AgentSnapshot> agent = s.agent().teamMember(spec.agent());
    if (agent.isEmpty()) {
      ChildEntry failed =
          new ChildEntry(
              childId,
              childName,
              spec.name(),
              spec.resumable(),
              ChildReport.FAILED.wire(),
              null,
              0,
              null);
      Limits limits = d.rules.config().limits();
      d.edit(b -> b.children = SubagentLimits.withChild(b.children, failed, limits));
      ToolCalls.fail(
          d,
          started,
          "cannot start subagent '"
              + spec.name()
              + "': its agent '"
              + spec.agent()
              + "' was not defined when this thread started");
      return;
    }
    var env = ChildEnv.of(s, spec, agent.get());
    var missing = ChildEnv.missing(agent.get(), env);
    if (!missing.isEmpty()) {
      SubagentVariables.defer(d, started, spec, agent.get(), childName, task, attachments, missing);
      return;
    }
    var child =
        new SubagentStart.Child(spec, agent.get(), childId, childName, task, attachments, env);
    String tooLarge = SubagentStart.sizeRefusal(d, child);
    if (tooLarge != null) {
      ToolCalls.fail(d, started, tooLarge);
      return;
    }
    boolean waits = spec.waitsForResult();
    SubagentStart.start(d, child, waits ? started.requestId() : null);
    if (waits) {
      // Blocking: the call stays open until the child's session ends (ChildReports.arrived).
      BlockingSubagents.await(d, started, childId, childName);
      return;
    }
    ToolCalls.succeed(
        d,
        started,
        Arguments.object()
            .put("childThreadId", childId)
            .put("name", childName)
            .put("status", "started")
            .toString());
  }

  /** A child's id: under its parent's, named by subagent, turn, step and call index. */
  private static String childId(MachineState s, Subagent spec, int index) {
    return s.threadId() + "/" + spec.name() + "-" + s.turn() + "." + s.step() + "." + index;
  }

  /** The call's arguments as a JSON object, or null after failing the call for them. */
  private static JsonNode objectArguments(Decision d, Started started) {
    JsonNode args = Arguments.parse(started.call().argumentsJson());
    if (args == null || !args.isObject()) {
      ToolCalls.fail(
          d, started, "arguments of '" + started.call().name() + "' must be a JSON object");
      return null;
    }
    return args;
  }
}
