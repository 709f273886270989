package dev.threadline.step;

import dev.threadline.step.core.Input;
import dev.threadline.step.core.Values.ToolCall;
import dev.threadline.step.core.Values.ToolEffect;
import dev.threadline.step.core.Values.Usage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * What scripted models and tools answer in the golden transcripts: text, tool calls of every kind
 * (executor tools of each permission, unknown tools, runtime, store, lifecycle and subagent tools,
 * malformed arguments), model errors, blank summaries, large outputs and tool effects.
 */
final class GoldenReplies {
  private static final String[] LEAD_TOOLS = {
    "echo",
    "search",
    "deploy",
    "rm",
    "nope",
    "get_value",
    "set_value",
    "sessionStatus",
    "finish",
    "researcher",
    "scout",
    "helper",
    "vault",
    "subagent_create",
    "subagent_message",
    "echo",
    "search",
    "concierge",
    GoldenAgents.LEAD,
    "summarize"
  };
  private static final String[] CHILD_TOOLS = {
    "echo", "echo", "sessionStop", "sessionFail", "sessionStatus", "nope", "get_value"
  };

  private final RandomGenerator random;
  private int calls;

  GoldenReplies(RandomGenerator random) {
    this.random = random;
  }

  Input.ModelResultReceived model(String requestId, long epoch, Instant at, boolean lead) {
    int dice = random.nextInt(100);
    Input.ModelOutcome outcome;
    if (dice < 8) {
      boolean retryable = random.nextBoolean();
      outcome =
          new Input.ModelFailure(retryable ? "rate_limited" : "bad_request", "nope", retryable);
    } else if (dice < 11) {
      outcome = new Input.ModelReply(" ", List.of(), new Usage(5, 0), "stop");
    } else if (dice < 45) {
      int size = random.nextInt(16);
      String text =
          size == 0
              ? "very long answer ".repeat(300)
              : size < 3 ? "long answer ".repeat(120) : "answer " + dice;
      outcome = new Input.ModelReply(text, List.of(), new Usage(40, 9), "stop");
    } else {
      List<ToolCall> toolCalls = new ArrayList<>();
      int count = 1 + random.nextInt(3);
      for (int i = 0; i < count; i++) {
        String[] names = lead ? LEAD_TOOLS : CHILD_TOOLS;
        String name = names[random.nextInt(names.length)];
        if (lead && random.nextInt(80) == 0) {
          name = random.nextBoolean() ? "sessionStop" : "sessionFail"; // rare: it ends the lead
        }
        toolCalls.add(new ToolCall("call-" + (++calls), name, arguments(name)));
      }
      outcome =
          new Input.ModelReply(
              random.nextInt(4) == 0 ? "calling tools" : null,
              toolCalls,
              new Usage(30, 7),
              "tool_calls");
    }
    return new Input.ModelResultReceived(requestId, epoch, at, outcome, List.of());
  }

  Input.ToolResultReceived tool(String requestId, long epoch, Instant at, boolean child) {
    int dice = random.nextInt(100);
    List<ToolEffect> effects = new ArrayList<>();
    if (dice % 7 == 0) {
      effects.add(
          new ToolEffect(
              "notify_parent",
              "progress " + dice,
              List.of(new dev.threadline.step.core.Values.Attachment("p.txt", null, null, null))));
    }
    if (dice % 11 == 0) {
      effects.add(new ToolEffect("set_status", "digging"));
    }
    if (dice % 13 == 0) {
      effects.add(new ToolEffect("reboot", "x"));
    }
    if (dice < 20) {
      return new Input.ToolResultReceived(
          requestId, epoch, at, null, "boom: " + dice, 7, effects, List.of());
    }
    String output =
        dice < 30 ? "{\"rows\":\"" + "r".repeat(1_800) + "\"}" : "{\"ok\":" + dice + "}";
    List<ToolEffect> writes = new ArrayList<>(child ? effects : List.of());
    writes.addAll(threadStateWrites(dice));
    List<dev.threadline.step.core.Values.HookFailure> hookFailures =
        dice % 13 == 0
            ? List.of(
                new dev.threadline.step.core.Values.HookFailure(
                    "after_tool_call_success", "audit", "no function 'audit' in this executor"))
            : List.of();
    return new Input.ToolResultReceived(
        requestId, epoch, at, output, null, 3, writes, hookFailures);
  }

  /** ThreadState writes a tool may make of its own thread, now and then an invalid one. */
  private List<ToolEffect> threadStateWrites(int dice) {
    List<ToolEffect> writes = new ArrayList<>();
    if (dice % 5 == 0) {
      writes.add(
          new ToolEffect("set_value", "{\"key\":\"k" + dice % 3 + "\",\"value\":" + dice + "}"));
    }
    if (dice % 9 == 0) {
      writes.add(new ToolEffect("emit", "{\"name\":\"progress\",\"data\":{\"pct\":" + dice + "}}"));
    }
    if (dice % 17 == 0) {
      writes.add(
          new ToolEffect(
              dice % 2 == 0 ? "inject_message" : "queue_message", "{\"text\":\"from a tool\"}"));
    }
    if (dice % 41 == 0) {
      // The thread's first message, edited.
      writes.add(
          new ToolEffect("update_message", "{\"seq\":1,\"content\":\"edited " + dice + "\"}"));
    }
    if (dice % 19 == 0) {
      writes.add(
          new ToolEffect(
              "schedule_effect",
              "{\"effectId\":\"tool-fx-" + dice + "\",\"delaySeconds\":30,\"message\":\"later\"}"));
    }
    if (dice % 23 == 0) {
      writes.add(
          new ToolEffect("remove_scheduled_effect", "{\"effectId\":\"tool-fx-" + dice + "\"}"));
    }
    if (dice % 31 == 0) {
      writes.add(new ToolEffect("set_env", "{\"name\":\"CITY\",\"value\":\"Lisbon\"}"));
    }
    if (dice % 37 == 0) {
      writes.add(
          new ToolEffect(
              "write_file",
              "{\"path\":\"/attachments/r" + dice + ".md\",\"staged\":\"s-" + dice + "\"}"));
    }
    if (dice % 29 == 0) {
      writes.add(new ToolEffect("queue_tool", "{\"name\":\"echo\",\"arguments\":{}}"));
    }
    return writes;
  }

  private String arguments(String name) {
    int dice = random.nextInt(10);
    if (dice == 0) {
      return "not json";
    }
    String key = "\"k" + random.nextInt(3) + "\"";
    String worker = "\"w" + random.nextInt(2) + "\"";
    return switch (name) {
      case "echo", "search" ->
          dice < 5 ? "{\"n\":" + dice + "}" : "{\"path\":\"notes/" + dice + ".md\"}";
      case "deploy" -> "{\"env\":\"prod\"}";
      case "get_value" -> dice == 1 ? "{}" : "{\"key\":" + key + "}";
      case "set_value" ->
          "{\"key\":" + key + ",\"value\":" + (dice < 4 ? "null" : "{\"v\":" + dice + "}") + "}";
      case "sessionStatus" -> dice == 1 ? "{}" : "{\"status\":\"step " + dice + "\"}";
      case "sessionStop" -> "{\"result\":\"done\",\"attachments\":[\"out.txt\",\"../evil\"]}";
      case "sessionFail" -> "{\"reason\":\"cannot\"}";
      case "summarize" ->
          dice == 1 ? "{}" : "{\"message\":\"sum " + dice + "\",\"text\":\"sum " + dice + "\"}";
      case "researcher", "scout", "helper", "vault" ->
          dice == 1
              ? "[]"
              : dice == 2
                  ? "{\"files\":[\"a.txt\"]}"
                  : "{\"task\":\"look up "
                      + dice
                      + "\",\"message\":\"look up "
                      + dice
                      + "\",\"files\":[\"a.txt\",{\"path\":\"b.csv\",\"mediaType\":\"text/csv\"}],"
                      + "\"as\":\"r"
                      + dice
                      + "\"}";
      case "subagent_create" ->
          "{\"subagent\":"
              + (dice == 1 ? "\"nobody\"" : "\"worker\"")
              + ",\"name\":"
              + (dice == 2 ? "\" \"" : worker)
              + ",\"message\":\"work "
              + dice
              + "\",\"attachments\":[\"w.txt\"]}";
      case "subagent_message" ->
          "{\"name\":" + worker + ",\"message\":" + (dice == 1 ? "\"\"" : "\"more\"") + "}";
      default -> "{}";
    };
  }
}
