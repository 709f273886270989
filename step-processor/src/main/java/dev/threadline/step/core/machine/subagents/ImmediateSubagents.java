package dev.threadline.step.core.machine.subagents;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.tools.ToolCalls;
import java.util.ArrayList;
import java.util.List;

/**
 * Spec §7.3: when a thread's prompt first becomes active (its first turn, before any step or call),
 * its {@code immediate} subagents are called, in declaration order, with the prompt's text (and
 * attachments) as their task; the model runs after. A child's own immediate subagents run the same
 * way when its prompt arrives, so this is recursive.
 */
public final class ImmediateSubagents {
  private ImmediateSubagents() {}

  /**
   * @param prompt the first message drained in this call, if any
   * @return whether calls were started (the caller stops; they continue the turn)
   */
  public static boolean start(Decision d, InboundMessage prompt) {
    if (prompt == null || d.state().immediateStarted()) {
      return false;
    }
    d.subagents().promptActivated();
    MachineState s = d.state();
    List<ToolCall> calls = new ArrayList<>();
    for (Subagent spec : s.agent().subagents()) {
      if (spec.immediate() && !spec.resumable()) {
        String description = ChildEnv.description(s, spec);
        calls.add(
            new ToolCall(
                Ids.immediateCall(calls.size()),
                spec.name(),
                task(spec, description == null ? spec.description() : description, prompt)));
      }
    }
    if (calls.isEmpty()) {
      return false;
    }
    ToolCalls.startBatch(d, calls, CallBatch.RUNTIME);
    return true;
  }

  /**
   * The call's arguments: the prompt's text (else the description — its {@code descriptionEnv}'s
   * value, else the entry's — else the name) and files.
   */
  private static String task(Subagent spec, String description, InboundMessage prompt) {
    ObjectNode args = Arguments.object();
    String text =
        prompt == null || prompt.text() == null || prompt.text().isBlank()
            ? description
            : prompt.text();
    args.put(spec.messageProperty(), text == null || text.isBlank() ? spec.name() : text);
    if (spec.initAttachmentsProperty() != null && prompt != null) {
      var files = args.putArray(spec.initAttachmentsProperty());
      prompt.attachments().forEach(a -> files.add(a.path()));
    }
    return args.toString();
  }
}
