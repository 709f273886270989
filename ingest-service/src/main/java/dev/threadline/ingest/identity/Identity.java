package dev.threadline.ingest.identity;

import java.util.Set;

/**
 * Who a request acts for: a tenant, and — for an end user's token — the user, whose own threads are
 * all it may reach. {@code user} is null for an API key or an admin's token: the tenant's threads,
 * all of them, or — for a key scoped to agents — those {@code agents} run (empty: every agent's).
 */
public record Identity(String tenant, String user, boolean readOnly, Set<String> agents) {
  public Identity {
    agents = Set.copyOf(agents);
  }

  /** A tenant's credential that may do everything, or a user's token ({@code user} non-null). */
  public Identity(String tenant, String user) {
    this(tenant, user, false, Set.of());
  }

  /** Whether this caller reaches only its own threads. */
  public boolean endUser() {
    return user != null;
  }

  /** Whether this caller reaches only the threads of some agents. */
  public boolean agentScoped() {
    return !agents.isEmpty();
  }

  /**
   * Of the agents a list asks for ({@code asked}; empty: any), those whose threads this scoped
   * caller reaches — empty when it reaches none of them.
   */
  public Set<String> agentsAmong(java.util.Collection<String> asked) {
    Set<String> reached = new java.util.TreeSet<>(asked.isEmpty() ? agents : asked);
    reached.retainAll(agents);
    return reached;
  }

  /** Whether this caller reaches the threads {@code agent} runs. */
  public boolean reaches(String agent) {
    return agents.isEmpty() || agents.contains(agent);
  }
}
