package dev.threadline.step.core.machine.decision;

import dev.threadline.step.core.Enums.CallBatch;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event.CompactionCompleted;
import dev.threadline.step.core.Event.ModelCallCompleted;
import dev.threadline.step.core.Event.ThreadBranched;
import dev.threadline.step.core.Event.TurnCompleted;
import dev.threadline.step.core.Event.TurnStarted;
import dev.threadline.step.core.Input.ModelReply;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.MachineState.TerminalOutcome;
import dev.threadline.step.core.MachineStateBuilder;
import dev.threadline.step.core.Values.Message;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.Usage;
import java.util.List;

/**
 * The facts of a turn (spec §3, §6): it opens, takes steps, works through a step's tool calls one
 * at a time, counts its model calls and their cost, compacts its window, and ends.
 */
public final class TurnFacts {
  private final Draft d;

  TurnFacts(Draft d) {
    this.d = d;
  }

  /**
   * A turn opens on {@code lane}: the thread runs; {@code sender} sent the message that started it
   * (null: none did).
   */
  public void open(Lane lane, Trigger trigger, String sender) {
    d.move(s -> s.nextTurn(lane));
    d.edit(b -> b.turnSender = sender);
    d.changeStatus(Status.RUNNING);
    d.emit(new TurnStarted(trigger, lane));
  }

  /**
   * Stored message {@code seq} says {@code content} from now on. A message of the active window
   * counts again at its new size — its old size stays counted too, an overestimate that can only
   * make the window compact sooner, never a request too large for its record.
   */
  public void messageUpdated(long seq, String content) {
    d.output(new dev.threadline.step.core.Output.UpdateMessage(seq, content));
    if (seq >= d.state().contextStartSeq()) {
      d.move(s -> s.grown(content));
    }
    d.emit(new dev.threadline.step.core.Event.MessageUpdated(seq, content));
  }

  /** What the turn did that its agent's behaviours watch, and which of them fired, is now this. */
  public void behaviorWindow(dev.threadline.step.core.BehaviorWindow window) {
    d.edit(b -> b.behaviors = window);
  }

  /** The turn took a queued prompt into its context. */
  public void tookPrompt() {
    d.edit(b -> b.promptTaken = true);
  }

  /** Work drained into the turn raises its lane to the work's. */
  public void raiseLane(Lane lane) {
    d.edit(b -> b.lane = lane);
  }

  /** The turn's next step, whose model call follows. */
  public void nextStep() {
    d.move(MachineState::nextStep);
  }

  /**
   * A model call issued for the first time (a re-issue repeats one; a retry is a new one): it
   * counts in the turn and in the thread's budget hour.
   */
  public void countModelCall() {
    d.edit(
        b -> {
          b.modelCalls++;
          b.callBudget = b.callBudget.counted(d.at);
        });
  }

  /**
   * A model call the runtime makes for the thread beside its steps (a subprompt's step, a
   * compaction's summary) issued for the first time: it counts in the thread's budget hour, not in
   * the turn's steps.
   */
  public void countBudgetCall() {
    d.edit(b -> b.callBudget = b.callBudget.counted(d.at));
  }

  /**
   * The model answered: its usage counts, in the thread's and in its budget hour's, and its
   * completion is announced.
   */
  public void modelAnswered(String requestId, ModelReply reply, long millis) {
    d.edit(b -> spend(b, reply.usage()));
    d.emit(
        new ModelCallCompleted(
            requestId, reply.usage(), reply.finishReason(), reply.toolCalls().size(), millis));
  }

  /**
   * The window is compacted into {@code artifact}, which opens a new one (what its summary cost
   * counted as the model call's: {@link #modelAnswered}).
   */
  public void compacted(Message artifact, boolean byRule) {
    long before = d.state().contextTokensWithOverhead();
    d.move(MachineState::newWindow);
    d.append(artifact);
    d.emit(new CompactionCompleted(before, d.state().contextTokensWithOverhead(), byRule));
  }

  /**
   * The thread goes on from its state after message {@code atSeq}: a new window opens with copies
   * of {@code prefix}, the old window's messages up to that one — what later requests are made of.
   */
  public void branched(long atSeq, List<Message> prefix, String commandId) {
    long first = d.state().nextMessageSeq();
    d.move(MachineState::newWindow);
    d.emit(new ThreadBranched(atSeq, first, prefix.size(), commandId));
    prefix.forEach(d::appendCopy);
  }

  private void spend(MachineStateBuilder b, Usage used) {
    b.usage = b.usage.plus(used);
    b.callBudget = b.callBudget.used(d.at, used.input() + used.output());
  }

  /** The session ends with {@code outcome} at this step's stop evaluation. */
  public void sessionEnded(TerminalOutcome outcome) {
    d.edit(b -> b.terminal = outcome);
  }

  /** The agent's stop tool was allowed and succeeded: the turn ends at its stop evaluation. */
  public void stopToolSucceeded() {
    d.edit(b -> b.stopToolCalled = true);
  }

  /** The tool calls to work through, in order; {@code origin} says who started them. */
  public void startCalls(List<ToolCall> calls, CallBatch origin) {
    d.batch(origin);
    d.edit(b -> b.remainingCalls = calls);
  }

  /** The next call leaves the remaining ones; the index it runs at, or null when it is skipped. */
  public Integer takeNextCall(boolean runs) {
    int index = d.state().callIndex();
    d.edit(b -> b.remainingCalls = b.remainingCalls.subList(1, b.remainingCalls.size()));
    if (!runs) {
      return null;
    }
    d.edit(b -> b.callIndex = index + 1);
    return index;
  }

  /** The turn ends: nothing awaited, no calls left, no stop-tool call carried over. */
  public void end(TurnEnd reason) {
    d.emit(new TurnCompleted(reason, d.state().step()));
    d.move(MachineState::turnEnded);
  }
}
