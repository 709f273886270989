package dev.threadline.step.core;

import java.util.List;

/**
 * An agent tool that runs a child thread.
 *
 * @param blocking the parent's tool call waits for the child's session to end, and its result is
 *     that call's result (spec default); otherwise the call returns at once and the result arrives
 *     later as a queued message. Only for a non-resumable subagent.
 * @param receivesSideB a resumable subagent whose parent's messages arrive as side B's words
 *     ({@code receives_messages: side_b}), not as user messages
 * @param bootstrap the {@code immediate} object form's hints and scoped values, or null
 */
public record Subagent(
    String name,
    String agent,
    String description,
    boolean resumable,
    int maxInstances,
    boolean explicitCommunication,
    String initUserMessageProperty,
    String initAttachmentsProperty,
    String initAgentNameProperty,
    String optional,
    boolean immediate,
    boolean blocking,
    boolean receivesSideB,
    Bootstrap bootstrap) {

  /**
   * The {@code immediate} object form (spec §7.3–7.5): the parent's variables that may be shown as
   * each child's name and description (text only), and the parent's secret variables whose sealed
   * values are copied into each child — for its tools, never for a model.
   */
  public record Bootstrap(String nameEnv, String descriptionEnv, List<String> scopedEnv) {
    public Bootstrap {
      scopedEnv = List.copyOf(scopedEnv);
    }
  }

  /** The argument whose value is the child's task ({@code message} unless the entry names one). */
  public String messageProperty() {
    return initUserMessageProperty == null ? "message" : initUserMessageProperty;
  }

  /** Whether a call of it waits for the child's result. */
  public boolean waitsForResult() {
    return blocking && !resumable;
  }
}
