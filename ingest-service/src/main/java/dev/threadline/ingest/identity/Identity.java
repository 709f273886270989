package dev.threadline.ingest.identity;

/**
 * Who a request acts for: a tenant, and — for an end user's token — the user, whose own threads are
 * all it may reach. {@code user} is null for an API key or an admin's token: the tenant's threads,
 * all of them.
 */
public record Identity(String tenant, String user, boolean readOnly) {
  /** A tenant's credential that may do everything, or a user's token ({@code user} non-null). */
  public Identity(String tenant, String user) {
    this(tenant, user, false);
  }

  /** Whether this caller reaches only its own threads. */
  public boolean endUser() {
    return user != null;
  }
}
