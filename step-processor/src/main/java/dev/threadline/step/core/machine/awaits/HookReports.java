package dev.threadline.step.core.machine.awaits;

import dev.threadline.step.core.Event.HookFailed;
import dev.threadline.step.core.Input.Answer;
import dev.threadline.step.core.Input.ModelResultReceived;
import dev.threadline.step.core.Input.Result;
import dev.threadline.step.core.Input.ToolResultReceived;
import dev.threadline.step.core.Values.HookFailure;
import dev.threadline.step.core.machine.decision.Decision;
import java.util.List;

/**
 * The agent's hooks run in the executor, around the request a result answers; those that did not do
 * their part come back with the result, and the thread's log says so ({@link HookFailed}) when the
 * result is the one the thread awaits. The call itself went on as if they were not there.
 */
public final class HookReports {
  private HookReports() {}

  public static void failed(Decision d, Answer answer) {
    List<HookFailure> failures =
        switch (answer) {
          case ModelResultReceived r -> r.hookFailures();
          case ToolResultReceived r -> r.hookFailures();
          default -> List.of();
        };
    for (HookFailure f : failures) {
      d.emit(new HookFailed(((Result) answer).requestId(), f.hook(), f.function(), f.message()));
    }
  }
}
