package dev.threadline.step.core;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.RuntimeToolNames;
import java.util.List;
import java.util.Set;

/**
 * Tools handled by the step processor itself, with no executor hop: lifecycle tools decided in the
 * core, and the durable key-value tools the shell runs against the thread's KV store.
 */
public final class RuntimeTools {
  public static final String SESSION_STOP = RuntimeToolNames.SESSION_STOP;
  public static final String SESSION_FAIL = RuntimeToolNames.SESSION_FAIL;
  public static final String SESSION_STATUS = RuntimeToolNames.SESSION_STATUS;
  public static final String GET_VALUE = RuntimeToolNames.GET_VALUE;
  public static final String SET_VALUE = RuntimeToolNames.SET_VALUE;
  public static final String SUBAGENT_CREATE = RuntimeToolNames.SUBAGENT_CREATE;
  public static final String SUBAGENT_MESSAGE = RuntimeToolNames.SUBAGENT_MESSAGE;

  /** Decided inside the core. */
  public static final Set<String> LIFECYCLE = Set.of(SESSION_STOP, SESSION_FAIL, SESSION_STATUS);

  /** Run by the shell against the thread-kv store ({@link Output.RunStoreTool}). */
  public static final Set<String> STORE = Set.of(GET_VALUE, SET_VALUE);

  private RuntimeTools() {}

  /** Lifecycle tools of resumable subagents, offered when the agent has any. */
  public static final Set<String> SUBAGENT = Set.of(SUBAGENT_CREATE, SUBAGENT_MESSAGE);

  public static boolean isRuntime(String name) {
    return RuntimeToolNames.ALL.contains(name);
  }

  public static final ToolDef SUBAGENT_CREATE_DEF =
      new ToolDef(
          SUBAGENT_CREATE,
          "Start a resumable subagent as a child thread. Its result comes back to you as a message when it finishes.",
          "{\"type\":\"object\",\"properties\":{\"subagent\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"},"
              + "\"message\":{\"type\":\"string\"}},\"required\":[\"subagent\",\"name\",\"message\"]}");

  public static final ToolDef SUBAGENT_MESSAGE_DEF =
      new ToolDef(
          SUBAGENT_MESSAGE,
          "Send more work to a resumable subagent you started, by its name.",
          "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"message\":{\"type\":\"string\"}},"
              + "\"required\":[\"name\",\"message\"]}");

  /** The tool a non-resumable subagent is called through: one argument, the task. */
  public static ToolDef subagentTool(Subagent spec) {
    String property = spec.messageProperty();
    return new ToolDef(
        spec.name(),
        spec.description() == null
            ? "Hand a task to the "
                + spec.agent()
                + (spec.waitsForResult()
                    ? " subagent; its result is this call's result."
                    : " subagent; its result comes back as a message.")
            : spec.description(),
        subagentParameters(spec));
  }

  /**
   * The task, required; and, where the entry names them, the files that go with it and the child's
   * name — a model passes only what the schema offers.
   */
  private static String subagentParameters(Subagent spec) {
    ObjectNode schema = JSON.createObjectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    properties.putObject(spec.messageProperty()).put("type", "string");
    if (spec.initAttachmentsProperty() != null) {
      properties
          .putObject(spec.initAttachmentsProperty())
          .put("type", "array")
          .put("description", "paths of this thread's files the subagent gets copies of")
          .putObject("items")
          .put("type", "string");
    }
    if (spec.initAgentNameProperty() != null) {
      properties
          .putObject(spec.initAgentNameProperty())
          .put("type", "string")
          .put("description", "a name for the subagent's thread");
    }
    schema.putArray("required").add(spec.messageProperty());
    return schema.toString();
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The tool a subprompt is called through: its requiredSchema, or one argument, the message. */
  public static ToolDef subpromptTool(Subprompt subprompt) {
    String property = subprompt.messageProperty();
    return new ToolDef(
        subprompt.name(),
        subprompt.description() == null
            ? "Ask the " + subprompt.name() + " prompt; its answer is this call's result."
            : subprompt.description(),
        subprompt.parametersJson() != null
            ? subprompt.parametersJson()
            : "{\"type\":\"object\",\"properties\":{\""
                + property
                + "\":{\"type\":\"string\"}"
                + (subprompt.initAttachmentsProperty() == null
                    ? ""
                    : ",\""
                        + subprompt.initAttachmentsProperty()
                        + "\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},"
                        + "\"description\":\"paths of the thread's files to show it\"}")
                + "},\"required\":[\""
                + property
                + "\"]}");
  }

  /** The tool that hands the thread to another agent; it takes no arguments. */
  public static ToolDef handoffTool(AgentSnapshot.Handoff handoff) {
    return new ToolDef(
        handoff.agent(),
        handoff.description() == null
            ? "Hand this conversation over to the "
                + handoff.agent()
                + " agent, which answers from the next step on."
            : handoff.description(),
        "{\"type\":\"object\",\"properties\":{}}");
  }

  /** A tool as the model sees it. */
  public record ToolDef(String name, String description, String parametersJson) {}

  public static final List<ToolDef> DEFINITIONS =
      List.of(
          new ToolDef(
              SESSION_STOP,
              "End this session successfully. Pass the final result; it is delivered to whoever"
                  + " started the session.",
              "{\"type\":\"object\",\"properties\":{\"result\":{\"description\":\"The final"
                  + " result.\"}},\"additionalProperties\":true}"),
          new ToolDef(
              SESSION_FAIL,
              "End this session as failed, with the reason.",
              "{\"type\":\"object\",\"properties\":{\"reason\":{\"type\":\"string\"}},"
                  + "\"required\":[\"reason\"],\"additionalProperties\":true}"),
          new ToolDef(
              SESSION_STATUS,
              "Report progress to whoever started the session, without stopping.",
              "{\"type\":\"object\",\"properties\":{\"status\":{\"type\":\"string\"},"
                  + "\"detail\":{}},\"required\":[\"status\"]}"),
          new ToolDef(
              GET_VALUE,
              "Read a value from this thread's durable key-value store; null when absent.",
              "{\"type\":\"object\",\"properties\":{\"key\":{\"type\":\"string\"}},"
                  + "\"required\":[\"key\"]}"),
          new ToolDef(
              SET_VALUE,
              "Store a JSON value under a key in this thread's durable key-value store; a null"
                  + " value deletes the key.",
              "{\"type\":\"object\",\"properties\":{\"key\":{\"type\":\"string\"},\"value\":{}},"
                  + "\"required\":[\"key\"]}"));
}
