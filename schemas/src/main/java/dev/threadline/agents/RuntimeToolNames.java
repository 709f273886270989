package dev.threadline.agents;

import java.util.Set;

/**
 * The tools the runtime itself offers an agent (its lifecycle, its key-value store, its resumable
 * subagents). The ingest refuses a definition that names anything else of an agent's after one of
 * them; the step processor handles them with no executor hop.
 */
public final class RuntimeToolNames {
  public static final String SESSION_STOP = "sessionStop";
  public static final String SESSION_FAIL = "sessionFail";
  public static final String SESSION_STATUS = "sessionStatus";
  public static final String GET_VALUE = "get_value";
  public static final String SET_VALUE = "set_value";
  public static final String SUBAGENT_CREATE = "subagent_create";
  public static final String SUBAGENT_MESSAGE = "subagent_message";

  public static final Set<String> ALL =
      Set.of(
          SESSION_STOP,
          SESSION_FAIL,
          SESSION_STATUS,
          GET_VALUE,
          SET_VALUE,
          SUBAGENT_CREATE,
          SUBAGENT_MESSAGE);

  private RuntimeToolNames() {}
}
