package dev.threadline.step.core.machine.subagents;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.config.Utf8;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.decision.Decision;
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
   * The immediate subagents' calls, once the thread's prompt is active: the turn runs them, as the
   * runtime's, before its model call.
   *
   * @param prompt the first message drained for this step, if any
   * @return the calls to run; empty when there is no new prompt or no immediate subagent
   */
  public static List<ToolCall> calls(Decision d, InboundMessage prompt) {
    if (prompt == null || d.state().immediateStarted()) {
      return List.of();
    }
    d.subagents.promptActivated();
    MachineState s = d.state();
    List<Subagent> immediate =
        s.agent().subagents().stream().filter(sa -> sa.immediate() && !sa.resumable()).toList();
    if (immediate.isEmpty()) {
      return List.of();
    }
    // The calls are persisted as one assistant message, held to what a model reply may be: each
    // gets its share, and a prompt longer than that is cut (the whole stays the thread's message).
    long share = d.settings.config().limits().modelOutputBytes() / immediate.size() - CALL_BYTES;
    List<ToolCall> calls = new ArrayList<>();
    for (Subagent spec : immediate) {
      String description = ChildEnv.description(s, spec);
      calls.add(
          new ToolCall(
              Ids.immediateCall(calls.size()),
              spec.name(),
              task(spec, description == null ? spec.description() : description, prompt, share)));
    }
    return calls;
  }

  /** Room for a call's id and name beside its arguments. */
  private static final int CALL_BYTES = 512;

  /** What a task cut to its share ends with. */
  static final String CUT = "\n[… cut to fit beside the other immediate subagents' tasks]";

  /**
   * The call's arguments, at most {@code maxBytes} of JSON: the prompt's text (else the description
   * — its {@code descriptionEnv}'s value, else the entry's — else the name), cut to fit, and files.
   */
  private static String task(
      Subagent spec, String description, InboundMessage prompt, long maxBytes) {
    String given =
        prompt == null || prompt.text() == null || prompt.text().isBlank()
            ? description
            : prompt.text();
    String text = given == null || given.isBlank() ? spec.name() : given;
    String args = arguments(spec, text, prompt);
    long room = Utf8.length(text);
    while (Utf8.length(args) > maxBytes && room > 0) {
      // JSON escapes may make the text longer in the arguments than it is: cut by the overflow.
      room = Math.max(0, room - (Utf8.length(args) - maxBytes) - Utf8.length(CUT));
      args = arguments(spec, Utf8.head(text, room) + CUT, prompt);
    }
    return args;
  }

  private static String arguments(Subagent spec, String text, InboundMessage prompt) {
    ObjectNode args = Arguments.object();
    args.put(spec.messageProperty(), text);
    if (spec.initAttachmentsProperty() != null && prompt != null) {
      var files = args.putArray(spec.initAttachmentsProperty());
      prompt.attachments().forEach(a -> files.add(a.path()));
    }
    return args.toString();
  }
}
