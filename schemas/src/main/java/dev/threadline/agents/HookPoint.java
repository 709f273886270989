package dev.threadline.agents;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The hook points of the Standard Agents model an agent may name a function for. The executor runs
 * most around the model and tool requests it serves, so an agent that names none costs nothing and
 * one that does costs no extra hop; the creation hooks are calls the step processor awaits before a
 * thread's first turn.
 */
public enum HookPoint {
  PREFILTER_LLM_HISTORY,
  FILTER_MESSAGES,
  BEFORE_STORE_TOOL_RESULT,
  AFTER_TOOL_CALL_SUCCESS,
  AFTER_TOOL_CALL_FAILURE,
  AFTER_THREAD_CREATED,
  AFTER_SUBAGENT_CREATED,
  AFTER_SYSTEM_MESSAGE,
  BEFORE_CREATE_MESSAGE,
  AFTER_CREATE_MESSAGE,
  BEFORE_UPDATE_MESSAGE,
  AFTER_UPDATE_MESSAGE;

  /** Its name in an agent's {@code hooks}, e.g. {@code before_store_tool_result}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Every point, by its name. */
  public static List<String> all() {
    return Arrays.stream(values()).map(HookPoint::wire).toList();
  }

  /**
   * The points the executor runs around a model call, by name: the system message, the history, and
   * the message the reply creates — all a prompt's one step (a model call without tools) has.
   */
  public static List<String> modelCall() {
    return Stream.of(
            AFTER_SYSTEM_MESSAGE,
            PREFILTER_LLM_HISTORY,
            FILTER_MESSAGES,
            BEFORE_CREATE_MESSAGE,
            AFTER_CREATE_MESSAGE)
        .map(HookPoint::wire)
        .toList();
  }

  /** Why an agent may not name a function for {@code point}, or null. */
  public static String refusal(String point) {
    return all().contains(point) ? null : "unknown hook '" + point + "'; hooks are " + all();
  }
}
