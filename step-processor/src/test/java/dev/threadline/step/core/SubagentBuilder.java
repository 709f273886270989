package dev.threadline.step.core;

/**
 * A {@link Subagent} for tests, its fields named: {@code subagent("research",
 * "researcher").blocking(true).build()}. Unset fields take the record's defaults: no description,
 * one-shot, one instance, implicit communication, no init properties, not optional, not immediate,
 * not blocking, side A, no bootstrap.
 */
public final class SubagentBuilder {
  private final String name;
  private final String agent;
  private String description;
  private boolean resumable;
  private int maxInstances = 1;
  private boolean explicitCommunication;
  private String initUserMessageProperty;
  private String initAttachmentsProperty;
  private String initAgentNameProperty;
  private String optional;
  private boolean immediate;
  private boolean blocking;
  private boolean receivesSideB;
  private Subagent.Bootstrap bootstrap;

  private SubagentBuilder(String name, String agent) {
    this.name = name;
    this.agent = agent;
  }

  /** Entry {@code name} that runs agent {@code agent}. */
  public static SubagentBuilder subagent(String name, String agent) {
    return new SubagentBuilder(name, agent);
  }

  public SubagentBuilder description(String value) {
    description = value;
    return this;
  }

  public SubagentBuilder resumable(boolean value) {
    resumable = value;
    return this;
  }

  public SubagentBuilder maxInstances(int value) {
    maxInstances = value;
    return this;
  }

  public SubagentBuilder explicitCommunication(boolean value) {
    explicitCommunication = value;
    return this;
  }

  public SubagentBuilder initUserMessageProperty(String value) {
    initUserMessageProperty = value;
    return this;
  }

  public SubagentBuilder initAttachmentsProperty(String value) {
    initAttachmentsProperty = value;
    return this;
  }

  public SubagentBuilder initAgentNameProperty(String value) {
    initAgentNameProperty = value;
    return this;
  }

  public SubagentBuilder optional(String value) {
    optional = value;
    return this;
  }

  public SubagentBuilder immediate(boolean value) {
    immediate = value;
    return this;
  }

  public SubagentBuilder blocking(boolean value) {
    blocking = value;
    return this;
  }

  public SubagentBuilder receivesSideB(boolean value) {
    receivesSideB = value;
    return this;
  }

  public SubagentBuilder bootstrap(Subagent.Bootstrap value) {
    bootstrap = value;
    return this;
  }

  public Subagent build() {
    return new Subagent(
        name,
        agent,
        description,
        resumable,
        maxInstances,
        explicitCommunication,
        initUserMessageProperty,
        initAttachmentsProperty,
        initAgentNameProperty,
        optional,
        immediate,
        blocking,
        receivesSideB,
        bootstrap);
  }
}
