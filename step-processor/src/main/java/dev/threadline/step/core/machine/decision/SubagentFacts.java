package dev.threadline.step.core.machine.decision;

import dev.threadline.step.core.ChildEntry;
import dev.threadline.step.core.DeferredSubagent;
import dev.threadline.step.core.Event.SubagentVariablesRequired;
import java.util.ArrayList;
import java.util.List;

/**
 * The facts of a thread's subagents (spec §7): its children's registry and budget, and the
 * subagents it holds back for variables.
 */
public final class SubagentFacts {
  private final Draft d;

  SubagentFacts(Draft d) {
    this.d = d;
  }

  /** The thread's first prompt became active: its immediate subagents start now or never. */
  public void promptActivated() {
    d.edit(b -> b.immediateStarted = true);
  }

  /** A child starts: registered, its units out of the budget, counted in this turn. */
  public void register(ChildEntry child, int budgetLeft) {
    d.edit(
        b -> {
          b.children = b.children.with(child, kept());
          b.subagentBudget = budgetLeft;
          b.spawnsThisTurn++;
        });
  }

  /** A child that could not start is registered failed (it holds nothing). */
  public void registerFailed(ChildEntry failed) {
    d.edit(b -> b.children = b.children.with(failed, kept()));
  }

  /** A child's entry changed; one that no longer lives gives its units back. */
  public void changed(ChildEntry before, ChildEntry after) {
    d.edit(
        b -> {
          b.children = b.children.replaced(after, kept());
          if (before.alive() && !after.alive() && b.subagentBudget >= 0) {
            b.subagentBudget += before.granted();
          }
        });
  }

  /** A subagent is held back for variables; {@code opened} announces its request. */
  public void holdBack(DeferredSubagent held, SubagentVariablesRequired opened) {
    d.edit(
        b -> {
          List<DeferredSubagent> deferred = new ArrayList<>(b.deferred);
          deferred.add(held);
          b.deferred = deferred;
        });
    d.emit(opened);
  }

  /** A held-back subagent's request is settled: it started, or it is closed. */
  public void release(DeferredSubagent held) {
    d.edit(
        b ->
            b.deferred =
                b.deferred.stream().filter(r -> !r.requestId().equals(held.requestId())).toList());
  }

  /** The subagents held back for variables will never start: their requests close. */
  public void closeRequests() {
    d.edit(b -> b.deferred = List.of());
  }

  private int kept() {
    return d.settings.config().limits().childrenKept();
  }
}
