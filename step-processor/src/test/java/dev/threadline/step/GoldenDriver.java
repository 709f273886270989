package dev.threadline.step;

import static dev.threadline.step.GoldenAgents.OTHER_TENANT;
import static dev.threadline.step.GoldenAgents.TENANT;

import dev.threadline.step.core.Awaiting;
import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.Enums.ChildReport;
import dev.threadline.step.core.Enums.Delivery;
import dev.threadline.step.core.Enums.Origin;
import dev.threadline.step.core.Env;
import dev.threadline.step.core.Input;
import dev.threadline.step.core.MachineState;
import dev.threadline.step.core.Queued;
import dev.threadline.step.core.Recurrence;
import dev.threadline.step.core.Values.InboundMessage;
import dev.threadline.step.core.machine.ThreadMachine;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Plays one golden seed: a lead thread (and the children it spawns) driven by seeded random inputs
 * of every type, with the clock, deadlines, timers and cross-thread commands moving as they do in
 * the shell. Returns the world's digest.
 */
final class GoldenDriver {
  private final GoldenWorld world;
  private final GoldenReplies replies;
  private final RandomGenerator random;
  private final String lead;
  private final int seed;
  private int commands;
  private final GoldenMessages messages;

  GoldenDriver(int seed, GoldenCoverage coverage) {
    ThreadMachine machine =
        new ThreadMachine(
            GoldenAgents.config(seed),
            ContextPolicy.DEFAULTS,
            flag -> GoldenAgents.environment(seed, flag));
    this.world = new GoldenWorld(machine, GoldenAgents.all(seed), coverage);
    // SplittableRandom mixes its seed: java.util.Random's first draws differ little for 0, 1, 2.
    this.random = new java.util.SplittableRandom(seed);
    this.messages = new GoldenMessages(random);
    this.replies = new GoldenReplies(random);
    this.lead = GoldenAgents.leadThread(seed);
    this.seed = seed;
  }

  /** The world the seed plays in, to observe its decisions. */
  GoldenWorld world() {
    return world;
  }

  String play(int steps) {
    boolean greeted = random.nextBoolean();
    world.decide(
        lead, create(lead, greeted ? messages.message("hello", Origin.INVOKE, commands) : null));
    if (!greeted) {
      world.decide(lead, new Input.Compact(id(), TENANT, world.now, "nothing yet"));
    }
    for (int i = 0; i < steps; i++) {
      world.now = world.now.plusSeconds(1);
      step();
    }
    return world.digest();
  }

  private void step() {
    if (world.fireDue()) {
      return; // a deadline or a timer, as the punctuator feeds them
    }
    if (!world.mailbox.isEmpty() && random.nextInt(3) == 0) {
      world.deliver(world.mailbox.poll());
      return;
    }
    if (random.nextInt(12) == 0 && world.jumpToNextDue()) {
      return; // the executors stay silent until something is due; it fires next step
    }
    String thread = pickThread();
    Input input = next(thread);
    world.decide(input instanceof Input.CreateThread c ? c.threadId() : thread, input);
  }

  private String pickThread() {
    List<String> live =
        world.states.values().stream()
            .filter(s -> !s.status().isFinal())
            .map(MachineState::threadId)
            .toList();
    if (live.isEmpty() || (live.contains(lead) && random.nextInt(10) < 6)) {
      return lead;
    }
    return live.get(random.nextInt(live.size()));
  }

  private Input next(String thread) {
    MachineState s = world.states.get(thread);
    Awaiting p = s == null ? null : s.awaiting();
    int dice = random.nextInt(100);
    if (dice < 6) {
      return send(message("m" + dice), Delivery.AUTO);
    } else if (dice < 9) {
      return send(message("queued " + dice), Delivery.QUEUE);
    } else if (dice < 11) {
      return send(message("steer " + dice), Delivery.STEER);
    } else if (dice < 12) {
      return send(messages.invalid(), Delivery.AUTO);
    } else if (dice < 14) {
      return queueTool();
    } else if (dice < 16) {
      return new Input.Abort(id(), TENANT, world.now, "stop");
    } else if (dice < 17 && random.nextInt(s != null && s.parent() != null ? 2 : 6) == 0) {
      // Some seeds delete where the others terminate (with the thread's descendants).
      return seed % 9 == 4
          ? new Input.DeleteThread(id(), TENANT, world.now, "enough")
          : new Input.Terminate(id(), TENANT, world.now, "enough");
    } else if (dice < 19) {
      return scheduleEffect();
    } else if (dice < 20) {
      return cancelEffect(thread);
    } else if (dice < 21) {
      return new Input.Compact(id(), TENANT, world.now, "tidy");
    } else if (dice < 22) {
      String callId = p instanceof Awaiting.Approval a ? a.call().callId() : "no-call";
      return new Input.ApprovalDecision(
          id(), TENANT, world.now, callId, random.nextBoolean(), "ok", null, null, null);
    } else if (dice < 23) {
      return oddCommand();
    } else if (dice < 25 && world.lastResult() != null) {
      return again(world.lastResult());
    } else if (dice < 26 && p != null) {
      return random.nextBoolean()
          ? replies.model(p.requestId() + "/x", s.epoch(), world.now, thread.equals(lead))
          : replies.model(p.requestId(), s.epoch() - 1, world.now, thread.equals(lead));
    } else if (dice < 28 && p instanceof Awaiting.Model) {
      return new Input.ContextMissing(p.requestId(), s.epoch(), world.now);
    } else if (dice < 29 && p != null) {
      return new Input.DeadlinePassed(p.requestId(), world.now); // early: before its deadline
    }
    if (p == null && s != null && dice % 7 == 0 && dice % 3 == 2) {
      return GoldenForks.atLast(id(), thread, s, world.now);
    } else if (p == null && s != null && dice % 7 == 0) {
      // A branch from the last message or one of the two before (refused outside the window).
      long at = Math.max(0, s.nextMessageSeq() - 1 - dice % 3);
      InboundMessage edited = dice % 2 == 0 ? message("edited " + dice) : null;
      return new Input.Branch(id(), TENANT, world.now, at, edited, List.of());
    } else if (p == null) {
      return send(message("idle " + dice), Delivery.AUTO);
    }
    return switch (p) {
      case Awaiting.Approval a ->
          switch (random.nextInt(4)) {
            case 0 ->
                new Input.ApprovalDecision(
                    id(),
                    TENANT,
                    world.now,
                    a.call().callId(),
                    true,
                    null,
                    a.requestId(),
                    s.epoch(),
                    // Some approvals edit the call: an object runs, an array is refused.
                    switch ((int) (s.epoch() % 3)) {
                      case 0 -> "{\"edited\":true}";
                      case 1 -> "[\"edited\"]";
                      default -> null;
                    });
            case 1 ->
                new Input.ApprovalDecision(
                    id(),
                    TENANT,
                    world.now,
                    a.call().callId(),
                    true,
                    null,
                    null,
                    s.epoch() - 1,
                    null);
            default ->
                new Input.ApprovalDecision(
                    id(),
                    TENANT,
                    world.now,
                    a.call().callId(),
                    random.nextInt(3) > 0,
                    null,
                    null,
                    null,
                    null);
          };
      case Awaiting.Model m ->
          replies.model(p.requestId(), s.epoch(), world.now, thread.equals(lead));
      case Awaiting.Compaction c ->
          replies.model(p.requestId(), s.epoch(), world.now, thread.equals(lead));
      case Awaiting.Subprompt sp ->
          replies.model(p.requestId(), s.epoch(), world.now, thread.equals(lead));
      case Awaiting.Tool t -> replies.tool(p.requestId(), s.epoch(), world.now, s.parent() != null);
      case Awaiting.Hook h -> replies.tool(p.requestId(), s.epoch(), world.now, false);
      // A blocking subagent's parent waits for its child, which the world runs as any thread.
      case Awaiting.Child c -> send(message("while waiting " + dice), Delivery.AUTO);
    };
  }

  private Input.CreateThread create(String threadId, InboundMessage first) {
    return new Input.CreateThread(
        id(),
        TENANT,
        threadId,
        world.now,
        GoldenAgents.LEAD,
        GoldenAgents.lead(seed),
        first,
        Map.of("source", "golden"),
        null,
        Map.of());
  }

  /** Commands that must be refused, each in its own way. */
  private Input oddCommand() {
    return switch (random.nextInt(18)) {
      case 0 -> new Input.Unsupported(id(), TENANT, world.now, "Rewind");
      case 1 ->
          new Input.SendMessage(
              id(),
              OTHER_TENANT,
              world.now,
              messages.message("let me in", Origin.INVOKE, commands),
              Delivery.AUTO);
      case 2 -> create(lead, null);
      case 3 ->
          new Input.CreateThread(
              id(), OTHER_TENANT, lead, world.now, "lead", null, null, Map.of(), null, Map.of());
      case 4 -> new Input.Terminate(id(), OTHER_TENANT, world.now, "not yours");
      case 5 ->
          new Input.ChildUpdate(
              id(),
              TENANT,
              world.now,
              "ghost",
              ChildReport.COMPLETED,
              "completed",
              "{}",
              List.of());
      case 6 ->
          new Input.ChildUpdate(
              id(),
              OTHER_TENANT,
              world.now,
              lead + "/x",
              ChildReport.FAILED,
              "failed",
              null,
              List.of());
      case 7 -> new Input.Compact(id(), OTHER_TENANT, world.now, null);
      case 8 -> create("bad|id", null);
      case 9 ->
          new Input.CreateThread(
              id(),
              TENANT,
              "side-" + commands,
              world.now,
              "ghost",
              null,
              null,
              Map.of(),
              null,
              Map.of());
      case 10 ->
          new Input.SetValue(
              id(), TENANT, world.now, "k" + random.nextInt(3), random.nextBoolean() ? "1" : null);
      // In turn new metadata, a run deleted or messages appended, by the count: the same draws.
      case 11 ->
          switch (commands % 4) {
            case 0 -> new Input.SetValue(id(), OTHER_TENANT, world.now, "k", "\"not yours\"");
            case 1 ->
                new Input.SetMetadata(id(), TENANT, world.now, Map.of("topic", "t" + commands));
            case 2 -> new Input.DeleteRun(id(), TENANT, world.now, "run-" + commands);
            default ->
                new Input.AppendMessages(id(), TENANT, world.now, GoldenMessages.noted(commands));
          };
      case 12 ->
          new Input.SetEnv(
              id(),
              TENANT,
              world.now,
              "CITY",
              random.nextBoolean() ? new Env.Value("Lisbon", false) : null);
      case 13 ->
          new Input.SetEnv(
              id(),
              TENANT,
              world.now,
              random.nextBoolean() ? "TOKEN" : "KEY",
              new Env.Value("tlsec1:c2VhbGVk", random.nextBoolean()));
      case 14, 15 -> provideVariables();
      default -> create("side-" + commands, messages.invalid());
    };
  }

  /** Completes the lead's oldest variables request (or a ghost's), fully, wrongly or not at all. */
  private Input provideVariables() {
    MachineState s = world.states.get(lead);
    String requestId =
        s == null || s.deferred().isEmpty() ? "vars-0" : s.deferred().getFirst().requestId();
    Map<String, Env.Value> env =
        switch (random.nextInt(4)) {
          case 0, 1 -> Map.of("KEY", new Env.Value("tlsec1:a2V5", true));
          case 2 -> Map.of("KEY", new Env.Value("plain", false));
          default -> Map.of();
        };
    return new Input.ProvideVariables(id(), TENANT, world.now, requestId, env);
  }

  private Input again(Input result) {
    return switch (result) {
      case Input.ModelResultReceived r ->
          new Input.ModelResultReceived(
              r.requestId(), r.epoch(), world.now, r.outcome(), List.of());
      case Input.ToolResultReceived r ->
          new Input.ToolResultReceived(
              r.requestId(),
              r.epoch(),
              world.now,
              r.output(),
              r.error(),
              r.durationMs(),
              r.effects(),
              List.of());
      default -> result;
    };
  }

  private Input queueTool() {
    return switch (random.nextInt(5)) {
      case 0 -> new Input.QueueTool(id(), TENANT, world.now, "deploy", "{\"env\":\"qa\"}");
      case 1 -> new Input.QueueTool(id(), TENANT, world.now, "echo", "[1]");
      case 2 -> new Input.QueueTool(id(), TENANT, world.now, " ", "{}");
      default -> new Input.QueueTool(id(), TENANT, world.now, "echo", "{\"queued\":true}");
    };
  }

  private Input scheduleEffect() {
    String effectId = random.nextInt(10) == 0 ? "bad|effect" : "e" + random.nextInt(5);
    Instant fireAt = world.now.plusSeconds(1 + random.nextInt(40));
    Queued action =
        random.nextInt(3) == 0
            ? new Queued.QueuedTool(effectId, "echo", "{\"timer\":true}", fireAt)
            : new Queued.QueuedMessage(
                effectId,
                random.nextInt(8) == 0 ? messages.invalid() : message("timer"),
                false,
                fireAt);
    // Effect e3 recurs, ending when its first time is an odd second; a message e4 starts a thread
    // each minute: decided from the draws made, so the other inputs the seeds draw stay the same.
    Recurrence recurrence =
        switch (effectId) {
          case "e3" ->
              new Recurrence(
                  "* * * * * */20",
                  "UTC",
                  fireAt.getEpochSecond() % 2 == 0 ? null : fireAt.plusSeconds(70),
                  null);
          case "e4" ->
              action instanceof Queued.QueuedMessage
                  ? new Recurrence("* * * * *", "UTC", fireAt.plusSeconds(200), null, true)
                  : null;
          default -> null;
        };
    return new Input.ScheduleEffect(
        id(), TENANT, world.now, effectId, fireAt, action, recurrence, 0);
  }

  private Input cancelEffect(String thread) {
    String effectId = "e" + random.nextInt(5);
    boolean scheduled = world.timerOf(thread, effectId) != null;
    return new Input.CancelEffect(id(), TENANT, world.now, effectId, scheduled);
  }

  private Input.SendMessage send(InboundMessage m, Delivery delivery) {
    return new Input.SendMessage(id(), TENANT, world.now, m, delivery);
  }

  private InboundMessage message(String text) {
    return messages.message(text, messages.origin(), commands);
  }

  private String id() {
    return "cmd-" + (++commands);
  }
}
