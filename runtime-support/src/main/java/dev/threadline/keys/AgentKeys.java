package dev.threadline.keys;

/**
 * The key of an agent definition on the {@code agent-definitions} topic and in every store that
 * holds definitions: {@code tenantId/agentName}. Agent names never hold a {@code /}, so the key is
 * unambiguous, and tenants never see each other's agents.
 */
public final class AgentKeys {
  private AgentKeys() {}

  public static String of(String tenantId, String agentName) {
    return tenantId + "/" + agentName;
  }

  /** The key of a model or prompt on the {@code definitions} topic: {@code tenantId/KIND/name}. */
  public static String definition(String tenantId, String kind, String name) {
    return tenantId + "/" + kind + "/" + name;
  }
}
