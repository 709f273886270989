package dev.threadline.step.mapping;

import static dev.threadline.step.mapping.MappingRoundTripTest.ASSISTANT;
import static dev.threadline.step.mapping.MappingRoundTripTest.AT;
import static dev.threadline.step.mapping.MappingRoundTripTest.CHAT;
import static dev.threadline.step.mapping.MappingRoundTripTest.agent;

import dev.threadline.step.core.Enums;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.CompactionTrigger;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Lane;
import dev.threadline.step.core.Enums.QueuedKind;
import dev.threadline.step.core.Enums.Status;
import dev.threadline.step.core.Enums.Trigger;
import dev.threadline.step.core.Enums.TurnEnd;
import dev.threadline.step.core.Event;
import dev.threadline.step.core.Forks;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.ParentRef;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Recurrence;
import dev.threadline.step.core.Values;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.Values.Usage;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** One of every event payload and every command, for the mapping round trips. */
final class MappingSamples {
  private MappingSamples() {}

  static Stream<Event.Payload> everyEventPayload() {
    return Stream.of(
        new Event.ThreadCreated("helper", "parent-1", "child", Map.of("a", "b")),
        new Event.TurnStarted(Trigger.MESSAGE, Lane.TASK),
        new Event.MessageAppended(7, ASSISTANT, "cmd-7"),
        new Event.MessageQueued(QueuedKind.STEER, 2, "cmd-8"),
        new Event.ModelCallRequested("r1", 1, "scripted", null, Lane.WILL, 4, AT, null),
        new Event.ModelCallRequested("r2", 1, "scripted", "small", Lane.CHAT, 2, AT, "summarize"),
        new Event.ModelCallCompleted("r1", new Usage(3, 4, 2, 1), "stop", 2, 150),
        new Event.ModelCallFailed("r1", "rate_limited", "slow down", true, true),
        new Event.ToolCallRequested("r2", "c1", "echo", "{}", false),
        new Event.ToolCallCompleted("r2", "c1", "echo", 12, "boom"),
        new Event.TurnCompleted(TurnEnd.RESPONSE, 3),
        new Event.StatusChanged(Status.IDLE, Status.RUNNING),
        new Event.StepRetried("r1", 2, "deadline", "tool"),
        new Event.BudgetReached(
            "r2",
            dev.threadline.config.Budgets.MODEL_CALLS_PER_THREAD,
            1000,
            1000,
            java.time.Instant.parse("2026-11-22T11:00:00Z")),
        new Event.ResultIgnored("r0", 1, "stale epoch"),
        new Event.CommandRejected("cmd", "SendMessage", "unknown thread"),
        new Event.ThreadTerminated(null),
        new Event.ThreadDeleted("asked"),
        new Event.StatusReported("halfway", "{}"),
        new Event.ValueChanged("k", null),
        new Event.CustomEvent("progress", "{\"pct\":40}"),
        new Event.MessageUpdated(3, "edited"),
        new Event.EnvChanged("CITY", false, "Lisbon", false),
        new Event.EnvChanged("TOKEN", true, null, false),
        new Event.AgentHandedOff("onboarding", "scheduler"),
        new Event.EffectScheduled("e1", AT, "message", null),
        new Event.EffectScheduled("e2", AT, "tool", new Recurrence("@daily", "UTC", null, null)),
        new Event.EffectScheduled(
            "e3", AT, "message", new Recurrence("@hourly", "UTC", null, null, true)),
        new Event.EffectCancelled("e1"),
        new Event.EffectFired("e1"),
        new Event.EffectFired("e2", "e2@1764000000000"),
        new Event.CompactionStarted("r9", CompactionTrigger.THRESHOLD, 3_900),
        new Event.CompactionCompleted(3_900, 120, true),
        new Event.SubagentCreated("t-1/researcher-1.1.0", "scout", "researcher", "research-agent"),
        new Event.SubagentMessaged("t-1/researcher-1.1.0", "scout", 2),
        new Event.HookFailed("r4", "before_store_tool_result", "redact", "no function 'redact'"),
        new Event.ChildStatusUpdated("t-1/researcher-1.1.0", ChildReport.STATUS, "halfway"),
        new Event.ApprovalRequested("r3", "c9", "deploy", "{\"env\":\"prod\"}"),
        new Event.ApprovalDecided("c9", false, "not today", "cmd-9"),
        new Event.ApprovalDecided("c9b", true, null, "cmd-9b", "{\"target\":\"qa\"}"),
        new Event.ThreadBranched(4, 9, 4, "cmd-b"),
        new Event.ThreadBranched(0, 9, 0, null),
        new Event.SubagentVariablesRequired(
            "vars-7",
            "vault",
            "keeper",
            "Apollo",
            List.of(new dev.threadline.step.core.Env.Variable("KEY", true, true, "the key"))),
        new Event.SubagentVariablesProvided("vars-7", "t-1/vault-vars-7"),
        new Event.ThreadForked("t-2", 40, 12, 12, "cmd-f"),
        new Event.ForkSeeded("t-1", 40, 12, 3),
        new Event.MetadataChanged(metadataChanges(), "c15m"),
        new Event.RunDeleted("run-3", "c15r"));
  }

  static Stream<Input.Command> everyCommand() {
    return Stream.of(
        new Input.CreateThread(
            "c1", "acme", "t-1", AT, "helper", agent(), CHAT, Map.of("m", "1"), null, Map.of()),
        new Input.SendMessage("c2", "acme", AT, CHAT, Delivery.AUTO),
        new Input.SendMessage("c3", "acme", AT, InboundMessage.invoke("q"), Delivery.QUEUE),
        new Input.SendMessage("c4", "acme", AT, InboundMessage.invoke("s"), Delivery.STEER),
        new Input.QueueTool("c5", "acme", AT, "echo", "{\"n\":1}"),
        new Input.Abort("c6", "acme", AT, "why"),
        new Input.Terminate("c7", "acme", AT, null),
        new Input.DeleteThread("c7d", "acme", AT, "asked"),
        new Input.ScheduleEffect(
            "c8",
            "acme",
            AT,
            "e1",
            AT.plusSeconds(60),
            new Queued.QueuedMessage("e1", CHAT, false, AT.plusSeconds(60)),
            null,
            0),
        new Input.ScheduleEffect(
            "c9",
            "acme",
            AT,
            "e2",
            AT.plusSeconds(5),
            new Queued.QueuedTool("e2", "echo", "{}", AT.plusSeconds(5)),
            new Recurrence("*/5 * * * *", "Europe/Berlin", AT.plusSeconds(86_400), "{\"a\":1}"),
            0),
        new Input.CancelEffect("c10", "acme", AT, "e1", false),
        new Input.Branch("c10b", "acme", AT, 3, null, List.of()),
        new Input.Branch("c10c", "acme", AT, 0, InboundMessage.invoke("edited"), List.of()),
        new Input.ApprovalDecision("c11", "acme", AT, "call-1", true, "ok", null, null, null),
        new Input.ApprovalDecision(
            "c11c", "acme", AT, "call-1", true, null, null, null, "{\"target\":\"qa\"}"),
        new Input.ApprovalDecision(
            "c11b", "acme", AT, "call-1", false, null, "t-1/t1/s1/c0", 3L, null),
        new Input.ChildUpdate(
            "c12",
            "acme",
            AT,
            "t-1/researcher-1.1.0",
            ChildReport.COMPLETED,
            "completed",
            "{\"result\":1}",
            List.of()),
        new Input.CreateThread(
            "c13",
            "acme",
            "t-1",
            AT,
            "research-agent",
            agent(),
            InboundMessage.invoke("dig"),
            Map.of(),
            new ParentRef("t-1", "researcher", "scout", true, true, 3, 11),
            Map.of()),
        new Input.SetValue("c14", "acme", AT, "color", "\"teal\""),
        new Input.SetValue("c15", "acme", AT, "color", null),
        new Input.SetMetadata("c15m", "acme", AT, metadataChanges()),
        new Input.DeleteRun("c15r", "acme", AT, "run-3"),
        new Input.AppendMessages(
            "c15a",
            "acme",
            AT,
            List.of(
                Values.Message.inbound(
                    Enums.Role.USER, Values.InboundMessage.invoke("remember: tea"), null),
                Values.Message.assistant("noted", List.of()))),
        new Input.SetEnv(
            "c16", "acme", AT, "TOKEN", new dev.threadline.step.core.Env.Value("tlsec1:x", true)),
        new Input.SetEnv("c17", "acme", AT, "CITY", null),
        new Input.ProvideVariables(
            "c18",
            "acme",
            AT,
            "vars-7",
            Map.of("KEY", new dev.threadline.step.core.Env.Value("tlsec1:k", true))),
        new Input.Fork(
            "c19",
            "acme",
            AT,
            new Forks.Point("t-2", 40, 3, 12, java.util.Collections.singletonMap("color", null)),
            Forks.Copy.NONE),
        new Input.CreateFork(
            "c20",
            "acme",
            "t-1",
            AT,
            new Forks.Birth(
                "helper",
                agent(),
                Map.of("forkedFrom", "t-0"),
                Map.of("CITY", new dev.threadline.step.core.Env.Value("Lisbon", false)),
                "t-0",
                40,
                2)),
        new Input.ForkSeed(
            "c21",
            "acme",
            AT,
            new Forks.Seed("t-0", 1, List.of(ASSISTANT), Map.of("color", "\"teal\""))));
  }

  /** A change that sets one entry and removes another. */
  private static java.util.Map<String, String> metadataChanges() {
    java.util.Map<String, String> changes = new java.util.TreeMap<>();
    changes.put("topic", "billing");
    changes.put("stale", null);
    return changes;
  }
}
