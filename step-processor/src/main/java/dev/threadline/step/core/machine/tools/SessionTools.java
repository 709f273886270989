package dev.threadline.step.core.machine.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Event.StatusReported;
import dev.threadline.step.core.MachineState.TerminalOutcome;
import dev.threadline.step.core.RuntimeTools;
import dev.threadline.step.core.machine.Arguments;
import dev.threadline.step.core.machine.decision.Decision;
import dev.threadline.step.core.machine.subagents.ChildReports;
import dev.threadline.step.core.machine.tools.ToolCalls.Started;

/**
 * The session tools every agent has (spec §6 step 1, §8.3): {@code sessionStop} and {@code
 * sessionFail} record the session's outcome, which ends the turn at the stop evaluation; {@code
 * sessionStatus} reports progress to the parent's registry without stopping.
 */
public final class SessionTools {
  private static final String OK = "{\"ok\":true}";

  private SessionTools() {}

  static void run(Decision d, Started started) {
    String arguments = started.call().argumentsJson();
    switch (started.call().name()) {
      case RuntimeTools.SESSION_STOP -> {
        d.turn.sessionEnded(new TerminalOutcome(false, arguments));
        ToolCalls.succeed(d, started, OK);
      }
      case RuntimeTools.SESSION_FAIL -> {
        d.turn.sessionEnded(new TerminalOutcome(true, arguments));
        ToolCalls.succeed(d, started, OK);
      }
      default -> status(d, started, Arguments.parse(arguments));
    }
  }

  private static void status(Decision d, Started started, JsonNode args) {
    JsonNode status = args == null ? null : args.get("status");
    if (status == null || !status.isTextual() || status.asText().isBlank()) {
      ToolCalls.fail(d, started, "sessionStatus needs a non-empty string field 'status'");
      return;
    }
    String arguments = started.call().argumentsJson();
    d.emit(new StatusReported(status.asText(), arguments));
    ChildReports.tellParent(d, ChildReport.STATUS, status.asText(), arguments);
    ToolCalls.succeed(d, started, OK);
  }
}
