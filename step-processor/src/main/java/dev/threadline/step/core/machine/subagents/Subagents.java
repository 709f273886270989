package dev.threadline.step.core.machine.subagents;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.Enums.ChildStatus;
import dev.threadline.step.core.Event.SubagentMessaged;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Output;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.tools.ToolCalls;
import dev.threadline.step.core.machine.tools.ToolCalls.Started;
import java.util.List;
import java.util.Optional;

/**
 * Subagents, the parent's calls (spec §7.1, §7.2): a declared subagent called as a tool starts a
 * child thread for one task; resumable subagents are created ({@code subagent_create}) and given
 * more work ({@code subagent_message}) by name. Every refusal is a tool error that tells the model
 * what to do instead; the start itself is {@link SubagentStart}'s.
 */
public final class Subagents {
  private Subagents() {}

  /** A declared subagent called with its task. */
  public static void callDeclared(Decision d, Started started, Subagent spec) {
    JsonNode args = objectArguments(d, started);
    if (args == null) {
      return;
    }
    String task = args.path(spec.messageProperty()).asText("");
    if (task.isBlank()) {
      ToolCalls.fail(
          d,
          started,
          "field '" + spec.messageProperty() + "' is required: the task for the subagent");
      return;
    }
    String hinted = ChildEnv.name(d.state(), spec);
    String fallback = hinted == null ? spec.name() : hinted;
    String given =
        spec.initAgentNameProperty() == null
            ? ""
            : args.path(spec.initAgentNameProperty()).asText("").strip();
    String childName = given.isEmpty() ? fallback : given;
    SubagentStart.fromCall(
        d,
        started,
        spec,
        childName,
        task,
        Arguments.attachments(args, spec.initAttachmentsProperty()));
  }

  /** subagent_create or subagent_message. */
  public static void control(Decision d, Started started) {
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
    if (s.children().nameTaken(childName)
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
    SubagentStart.fromCall(
        d, started, resumable.get(), childName, task, Arguments.attachments(args, "attachments"));
  }

  private static void message(Decision d, Started started, JsonNode args) {
    MachineState s = d.state();
    String childName = args.path("name").asText("");
    Optional<ChildEntry> child = s.children().resumable(childName);
    if (child.isEmpty() && s.children().ended(childName)) {
      ToolCalls.fail(
          d,
          started,
          "subagent '"
              + childName
              + "' has ended (terminated) and takes no more work; start a new one with"
              + " subagent_create");
      return;
    }
    if (child.isEmpty()) {
      ToolCalls.fail(
          d,
          started,
          "no resumable subagent named '"
              + childName
              + "'; yours: "
              + s.children().resumableNames());
      return;
    }
    String text = args.path("message").asText("");
    if (text.isBlank()) {
      ToolCalls.fail(d, started, "field 'message' is required");
      return;
    }
    String childId = child.get().childThreadId();
    d.subagents.changed(child.get(), child.get().withStatus(ChildStatus.RUNNING));
    boolean asSideB =
        s.agent().subagents().stream()
            .anyMatch(sa -> sa.name().equals(child.get().subagentName()) && sa.receivesSideB());
    List<Attachment> files = Arguments.attachments(args, "attachments");
    d.output(new Output.MessageChild(childId, text, files, asSideB));
    d.emit(new SubagentMessaged(childId, childName, files.size()));
    ToolCalls.succeed(
        d, started, Arguments.object().put("sent", true).put("childThreadId", childId).toString());
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
