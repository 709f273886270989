package dev.threadline.config;

import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A key as a setting or key file names it: its SHA-256 digest (keys are held, and compared, only as
 * digests), its tenant, whether it may only read ({@code :read}), and the agents whose threads it
 * reaches ({@code :agents=a|b}; empty: every agent's).
 */
record KeyEntry(byte[] digest, String tenant, boolean readOnly, Set<String> agents) {
  private static final String HASHED = "sha256:";
  private static final String AGENTS = "agents=";

  /** An agent's name, as the definitions API takes it. */
  private static final Pattern AGENT = Pattern.compile("[A-Za-z0-9._-]{1,100}");

  /** What an entry that is none is told it should be. */
  static final String FORMS =
      "key:tenant[:read][:agents=a|b] nor sha256:<64 hex digits>:tenant[:read][:agents=a|b]";

  KeyEntry {
    agents = Set.copyOf(agents);
  }

  /**
   * {@code key:tenant} or {@code sha256:<the key's digest, 64 hex digits>:tenant}, either followed
   * by {@code :read} and {@code :agents=} agent names separated by {@code |}, each at most once;
   * null for anything else.
   */
  static KeyEntry of(String spec) {
    String line = spec.trim();
    byte[] digest;
    String rest;
    if (line.regionMatches(true, 0, HASHED, 0, HASHED.length())) {
      String[] parts = line.substring(HASHED.length()).split(":", 2);
      if (parts.length != 2 || !parts[0].matches("[0-9a-fA-F]{64}")) {
        return null;
      }
      digest = HexFormat.of().parseHex(parts[0]);
      rest = parts[1];
    } else {
      String[] parts = line.split(":", 2);
      if (parts.length != 2 || parts[0].isBlank()) {
        return null;
      }
      digest = ApiKeys.digest(parts[0].trim());
      rest = parts[1];
    }
    String[] tenantAndScopes = rest.split(":", -1);
    String tenant = tenantAndScopes[0].trim();
    if (tenant.isBlank()) {
      return null;
    }
    boolean readOnly = false;
    Set<String> agents = null;
    for (int i = 1; i < tenantAndScopes.length; i++) {
      String scope = tenantAndScopes[i].trim();
      if (scope.equals("read") && !readOnly) {
        readOnly = true;
      } else if (scope.startsWith(AGENTS) && agents == null) {
        agents = agents(scope.substring(AGENTS.length()));
        if (agents == null) {
          return null;
        }
      } else {
        return null;
      }
    }
    return new KeyEntry(digest, tenant, readOnly, agents == null ? Set.of() : agents);
  }

  /** The agent names of an {@code agents=} scope, or null when one is not a name. */
  private static Set<String> agents(String names) {
    Set<String> agents = new LinkedHashSet<>();
    for (String name : names.split("\\|", -1)) {
      if (!AGENT.matcher(name).matches()) {
        return null;
      }
      agents.add(name);
    }
    return agents;
  }
}
