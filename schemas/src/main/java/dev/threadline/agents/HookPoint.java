package dev.threadline.agents;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The hook points of the Standard Agents model an agent may name a function for, and whether this
 * version runs each: the executor runs most around the model and tool requests it serves, so an
 * agent that names none costs nothing and one that does costs no extra hop; the creation hooks are
 * calls the step processor awaits before a thread's first turn.
 */
public enum HookPoint {
  PREFILTER_LLM_HISTORY(true),
  FILTER_MESSAGES(true),
  BEFORE_STORE_TOOL_RESULT(true),
  AFTER_TOOL_CALL_SUCCESS(true),
  AFTER_TOOL_CALL_FAILURE(true),
  AFTER_THREAD_CREATED(true),
  AFTER_SUBAGENT_CREATED(true),
  AFTER_SYSTEM_MESSAGE(true),
  BEFORE_CREATE_MESSAGE(true),
  AFTER_CREATE_MESSAGE(true),
  BEFORE_UPDATE_MESSAGE(false),
  AFTER_UPDATE_MESSAGE(false);

  private final boolean run;

  HookPoint(boolean run) {
    this.run = run;
  }

  /** Its name in an agent's {@code hooks}, e.g. {@code before_store_tool_result}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The points this version runs, by their names. */
  public static List<String> run() {
    return Arrays.stream(values()).filter(p -> p.run).map(HookPoint::wire).toList();
  }

  /** Why an agent may not name a function for {@code point}, or null. */
  public static String refusal(String point) {
    for (HookPoint p : values()) {
      if (p.wire().equals(point)) {
        return p.run ? null : "'" + point + "' is not run by this version yet; it runs " + run();
      }
    }
    return "unknown hook '" + point + "'; hooks are " + run();
  }
}
