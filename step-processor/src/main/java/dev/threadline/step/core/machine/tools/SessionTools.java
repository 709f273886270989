package dev.threadline.step.core.machine.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Event.StatusReported;
import dev.threadline.step.core.MachineState.TerminalOutcome;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.Settled;
import dev.threadline.step.core.machine.Settled.CallDone;
import dev.threadline.step.core.machine.Started;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.ChildReports;

/**
 * The session tools every agent has (spec §6 step 1, §8.3): {@code sessionStop} and {@code
 * sessionFail} record the session's outcome, which ends the turn at the stop evaluation; {@code
 * sessionStatus} reports progress to the parent's registry without stopping.
 */
public final class SessionTools {
  private static final String OK = "{\"ok\":true}";

  private SessionTools() {}

  static Settled run(Decision d, Started started) {
    String arguments = started.call().argumentsJson();
    switch (started.call().name()) {
      case RuntimeTools.SESSION_STOP -> {
        d.turn.sessionEnded(new TerminalOutcome(false, arguments));
        return CallDone.succeeded(started, OK);
      }
      case RuntimeTools.SESSION_FAIL -> {
        d.turn.sessionEnded(new TerminalOutcome(true, arguments));
        return CallDone.succeeded(started, OK);
      }
      default -> {
        return status(d, started, Arguments.parse(arguments));
      }
    }
  }

  private static Settled status(Decision d, Started started, JsonNode args) {
    JsonNode status = args == null ? null : args.get("status");
    if (status == null || !status.isTextual() || status.asText().isBlank()) {
      return CallDone.failed(started, "sessionStatus needs a non-empty string field 'status'");
    }
    String arguments = started.call().argumentsJson();
    d.emit(new StatusReported(status.asText(), arguments));
    ChildReports.tellParent(d, ChildReport.STATUS, status.asText(), arguments);
    return CallDone.succeeded(started, OK);
  }
}
