package dev.threadline.agents;

import java.util.List;

/**
 * The hook points of the Standard Agents model an agent may name a function for, and the ones this
 * version runs: the executor runs them around the model and tool requests it serves, so an agent
 * that names none costs nothing, and one that does costs no extra hop.
 */
public final class HookPoints {
  public static final String PREFILTER_LLM_HISTORY = "prefilter_llm_history";
  public static final String FILTER_MESSAGES = "filter_messages";
  public static final String BEFORE_STORE_TOOL_RESULT = "before_store_tool_result";
  public static final String AFTER_TOOL_CALL_SUCCESS = "after_tool_call_success";
  public static final String AFTER_TOOL_CALL_FAILURE = "after_tool_call_failure";

  /** The points this version runs. */
  public static final List<String> RUN =
      List.of(
          PREFILTER_LLM_HISTORY,
          FILTER_MESSAGES,
          BEFORE_STORE_TOOL_RESULT,
          AFTER_TOOL_CALL_SUCCESS,
          AFTER_TOOL_CALL_FAILURE);

  /** The model's other points, which this version does not run yet. */
  public static final List<String> NOT_YET =
      List.of(
          "after_thread_created",
          "after_subagent_created",
          "after_system_message",
          "before_create_message",
          "after_create_message",
          "before_update_message",
          "after_update_message");

  private HookPoints() {}

  /** Why an agent may not name a function for {@code point}, or null. */
  public static String refusal(String point) {
    if (RUN.contains(point)) {
      return null;
    }
    if (NOT_YET.contains(point)) {
      return "'" + point + "' is not run by this version yet; it runs " + RUN;
    }
    return "unknown hook '" + point + "'; hooks are " + RUN;
  }
}
