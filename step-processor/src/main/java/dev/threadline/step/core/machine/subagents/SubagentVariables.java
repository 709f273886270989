package dev.threadline.step.core.machine.subagents;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.step.core.AgentSnapshot;
import dev.threadline.step.core.DeferredSubagent;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.Event.SubagentVariablesProvided;
import dev.threadline.step.core.Event.SubagentVariablesRequired;
import dev.threadline.step.core.Ids;
import dev.threadline.step.core.Input.ProvideVariables;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Sizes;
import dev.threadline.step.core.Subagent;
import dev.threadline.step.core.Values.Attachment;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Spec §7.5, scoped variable bootstrap: a subagent that cannot start because its agent requires
 * variables its parent cannot give is held back. The parent's call ends with a structured error
 * naming a variables request; {@code POST /v1/threads/{parent}/variables/{requestId}} ({@link
 * ProvideVariables}) supplies them and the subagent starts — as a non-blocking child, since the
 * call that asked for it has its answer: its result arrives as a queued message.
 */
public final class SubagentVariables {
  /** The most subagents one thread holds back at once. */
  static final int MAX_DEFERRED = 8;

  private SubagentVariables() {}

  static CallDone defer(
      Decision d,
      Started started,
      Subagent spec,
      AgentSnapshot agent,
      String childName,
      String task,
      List<Attachment> attachments,
      List<Env.Variable> missing) {
    MachineState s = d.state();
    List<String> names = missing.stream().map(Env.Variable::name).toList();
    String refusal = room(d, task, attachments);
    if (refusal != null) {
      return CallDone.failed(
          started, "subagent '" + spec.name() + "' needs variables " + names + " and " + refusal);
    }
    String requestId = Ids.variablesRequest(s.nextEventSeq());
    DeferredSubagent held =
        new DeferredSubagent(requestId, spec.name(), childName, task, attachments, d.at);
    d.subagents.holdBack(
        held,
        new SubagentVariablesRequired(requestId, spec.name(), agent.name(), childName, missing));
    ObjectNode error = Arguments.object();
    error.put("error", "variables_required");
    error.put("requestId", requestId);
    error.put("subagent", spec.name());
    var variables = error.putArray("variables");
    for (Env.Variable v : missing) {
      ObjectNode variable = variables.addObject().put("name", v.name());
      variable.put("type", v.secret() ? "secret" : "text");
      if (v.description() != null) {
        variable.put("description", v.description());
      }
    }
    error.put(
        "message",
        "subagent '"
            + spec.name()
            + "' starts once its variables are given (POST /v1/threads/{thread}/variables/"
            + requestId
            + "); its result then arrives as a message");
    return CallDone.failed(started, error.toString());
  }

  /** Completes a variables request: the held-back subagent starts with the values given. */
  public static void provide(Decision d, ProvideVariables p) {
    MachineState s = d.state();
    Optional<DeferredSubagent> found =
        s.deferred().stream().filter(r -> r.requestId().equals(p.requestId())).findFirst();
    if (found.isEmpty()) {
      d.reject(p, "no variables request '" + p.requestId() + "' is open on this thread");
      return;
    }
    DeferredSubagent held = found.get();
    Optional<Subagent> spec =
        s.agent().subagents().stream().filter(sa -> sa.name().equals(held.subagent())).findFirst();
    Optional<AgentSnapshot> agent = spec.flatMap(sa -> s.agent().teamMember(sa.agent()));
    if (agent.isEmpty()) {
      d.subagents.release(held);
      d.reject(
          p,
          "subagent '"
              + held.subagent()
              + "' is no longer this thread's (its agent changed): the request is closed");
      return;
    }
    Map<String, Env.Value> env = new TreeMap<>(ChildEnv.of(s, spec.get(), agent.get()));
    env.putAll(p.env());
    String childId = Ids.deferredChild(s.threadId(), held.subagent(), held.requestId());
    String refusal = Env.refusal(agent.get().env().variables(), agent.get().env().forPrompt(env));
    if (refusal == null) {
      refusal = SubagentStart.refusal(d, spec.get(), held.childName(), childId, held.task());
    }
    var child =
        new SubagentStart.Child(
            spec.get(),
            agent.get(),
            childId,
            held.childName(),
            held.task(),
            held.attachments(),
            env);
    if (refusal == null) {
      refusal = SubagentStart.sizeRefusal(d, child);
    }
    if (refusal != null) {
      d.reject(p, refusal + " (the request stays open)");
      return;
    }
    d.subagents.release(held);
    SubagentStart.start(d, child, null);
    d.emit(new SubagentVariablesProvided(held.requestId(), childId));
  }

  /** Why another subagent cannot be held back with {@code task}, or null. */
  private static String room(Decision d, String task, List<Attachment> attachments) {
    MachineState s = d.state();
    if (s.deferred().size() >= MAX_DEFERRED) {
      return MAX_DEFERRED + " subagents already wait for theirs: provide those first";
    }
    // What the thread's state holds for each: the task and the paths of its files.
    long held = heldBytes(task, attachments);
    for (DeferredSubagent r : s.deferred()) {
      held += heldBytes(r.task(), r.attachments());
    }
    long most = d.settings.config().limits().messageBytes();
    return held <= most
        ? null
        : "the tasks and files of the subagents waiting for variables would be "
            + held
            + " bytes, over "
            + most;
  }

  private static long heldBytes(String task, List<Attachment> attachments) {
    return Sizes.of(new InboundMessage(Origin.INVOKE, null, null, task, Map.of(), attachments));
  }
}
