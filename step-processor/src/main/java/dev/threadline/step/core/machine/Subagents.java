package dev.threadline.step.core.machine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.config.Limits;
import dev.threadline.keys.ThreadIds;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.AgentSnapshot.Subagent;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Event.SubagentCreated;
import dev.threadline.step.core.MessageRules;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.core.PendingCall;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.ThreadState;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
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
    String childName =
        spec.initAgentNameProperty() == null
            ? spec.name()
            : args.path(spec.initAgentNameProperty()).asText(spec.name());
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
    ThreadState s = d.state();
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
        .anyMatch(c -> c.name().equals(childName) && !c.status().equals("terminated"))) {
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
    ThreadState s = d.state();
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
   * Starts a child thread from the agent definition frozen with this thread — unless its subagent
   * is at maxInstances, its id would be invalid, its task would be refused, or its agent was not
   * defined when this thread started (then its registry entry says failed).
   */
  private static void spawn(
      Decision d,
      Started started,
      Subagent spec,
      String childName,
      String task,
      List<Attachment> attachments) {
    ThreadState s = d.state();
    long active = s.runningInstances(spec.name());
    if (active >= spec.maxInstances()) {
      ToolCalls.fail(
          d,
          started,
          "subagent '"
              + spec.name()
              + "' already has "
              + active
              + " running instance(s), its maxInstances; wait until one finishes"
              + " (its result arrives as a message)"
              + (spec.resumable()
                  ? " or give more work to a running one with subagent_message"
                  : ""));
      return;
    }
    Limits limits = d.rules.config().limits();
    if (childName.length() > SubagentLimits.NAME_CHARS) {
      ToolCalls.fail(
          d,
          started,
          "a subagent's name may be at most " + SubagentLimits.NAME_CHARS + " characters");
      return;
    }
    String refusal = SubagentLimits.refusal(s, spec.name(), limits);
    if (refusal != null) {
      ToolCalls.fail(d, started, refusal);
      return;
    }
    String childId = childId(s, spec, started.index());
    if (!ThreadIds.isValid(childId)) {
      ToolCalls.fail(
          d,
          started,
          "cannot start subagent '"
              + spec.name()
              + "': the child thread id would be invalid (too long?)");
      return;
    }
    if (MessageRules.check(InboundMessage.invoke(task), d.rules.config().limits())
        instanceof MessageRules.Invalid invalid) {
      ToolCalls.fail(
          d, started, "cannot give subagent '" + spec.name() + "' this task: " + invalid.reason());
      return;
    }
    Optional<AgentSnapshot> agent = s.agent().teamMember(spec.agent());
    int grant = agent.map(a -> SubagentLimits.grant(s, a, limits)).orElse(0);
    boolean waits = spec.waitsForResult() && agent.isPresent();
    ChildEntry entry =
        new ChildEntry(
            childId,
            childName,
            spec.name(),
            spec.resumable(),
            agent.isPresent() ? ChildEntry.RUNNING : ChildReport.FAILED.wire(),
            null,
            agent.isPresent() ? 1 + grant : 0,
            waits ? started.requestId() : null);
    d.edit(b -> b.children = SubagentLimits.withChild(b.children, entry, limits));
    if (agent.isEmpty()) {
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
    SubagentLimits.started(d, entry, limits);
    ParentRef link =
        new ParentRef(
            s.threadId(),
            spec.name(),
            childName,
            spec.resumable(),
            spec.explicitCommunication(),
            SubagentLimits.depth(s) + 1,
            grant);
    d.output(new Output.SpawnChild(childId, agent.get(), link, task, attachments));
    d.emit(new SubagentCreated(childId, childName, spec.name(), spec.agent(), waits));
    if (waits) {
      // Blocking: the call stays open until the child's session ends (ChildReports.arrived).
      d.await(PendingCall.subagent(started.requestId(), d.at, started.call(), d.batch()));
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
  private static String childId(ThreadState s, Subagent spec, int index) {
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
