package dev.threadline.executor.tools;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which tenants the operator lets call the executor's restricted tools. A restricted tool ({@value
 * #RESTRICTED}, by default {@code run_code}: it runs code a model wrote, in the executor's heap) is
 * refused to every tenant the operator did not grant it: {@value #GRANTED} grants tools to every
 * tenant, {@code threadline.tools.tenant.<tenant>.granted} to one. Every other tool is open to all.
 * A name ending in {@code *} stands for every tool it begins, as {@code mcp__github__*} for all of
 * one MCP server's tools.
 */
public final class ToolGrants {
  public static final String RESTRICTED = "threadline.tools.restricted";
  public static final String GRANTED = "threadline.tools.granted";
  static final String DEFAULT_RESTRICTED = "run_code";

  /** Nothing restricted: what a registry made in code, without the operator's settings, has. */
  public static final ToolGrants OPEN = new ToolGrants(Set.of(), Set.of(), Map.of());

  private static final String TENANT_PREFIX = "threadline.tools.tenant.";
  private static final String TENANT_SUFFIX = ".granted";

  private final Set<String> restricted;
  private final Set<String> grantedToAll;
  private final Map<String, Set<String>> grantedTo;

  private ToolGrants(
      Set<String> restricted, Set<String> grantedToAll, Map<String, Set<String>> grantedTo) {
    this.restricted = restricted;
    this.grantedToAll = grantedToAll;
    this.grantedTo = grantedTo;
  }

  /**
   * The grants {@code settings} give; {@code run_code} restricted and granted to none by default.
   */
  public static ToolGrants from(Map<String, String> settings) {
    return new ToolGrants(
        names(settings.getOrDefault(RESTRICTED, DEFAULT_RESTRICTED)),
        names(settings.getOrDefault(GRANTED, "")),
        settings.entrySet().stream()
            .filter(e -> e.getKey().startsWith(TENANT_PREFIX) && e.getKey().endsWith(TENANT_SUFFIX))
            .filter(e -> e.getKey().length() > TENANT_PREFIX.length() + TENANT_SUFFIX.length())
            .collect(
                Collectors.toUnmodifiableMap(
                    e ->
                        e.getKey()
                            .substring(
                                TENANT_PREFIX.length(),
                                e.getKey().length() - TENANT_SUFFIX.length()),
                    e -> names(e.getValue()))));
  }

  static String tenantKey(String tenant) {
    return TENANT_PREFIX + tenant + TENANT_SUFFIX;
  }

  /**
   * The tenants that may call {@code tool}, sorted, when it is restricted to some; empty: every
   * tenant may.
   */
  public Optional<List<String>> grantees(String tool) {
    if (!covers(restricted, tool) || covers(grantedToAll, tool)) {
      return Optional.empty();
    }
    return Optional.of(
        grantedTo.entrySet().stream()
            .filter(e -> covers(e.getValue(), tool))
            .map(Map.Entry::getKey)
            .sorted()
            .toList());
  }

  /** Why {@code tenant} may not call {@code tool}; empty: it may. */
  public Optional<String> refusal(String tenant, String tool) {
    if (!covers(restricted, tool)
        || covers(grantedToAll, tool)
        || covers(grantedTo.getOrDefault(tenant, Set.of()), tool)) {
      return Optional.empty();
    }
    return Optional.of(
        "the operator has not granted tenant '"
            + tenant
            + "' the tool '"
            + tool
            + "' (it is restricted: "
            + RESTRICTED
            + "; grant it with "
            + tenantKey(tenant)
            + " or "
            + GRANTED
            + ")");
  }

  /** Whether {@code list} names {@code tool}, itself or by a prefix ending in {@code *}. */
  private static boolean covers(Set<String> list, String tool) {
    for (String name : list) {
      boolean matches =
          name.endsWith("*")
              ? tool.startsWith(name.substring(0, name.length() - 1))
              : name.equals(tool);
      if (matches) {
        return true;
      }
    }
    return false;
  }

  private static Set<String> names(String list) {
    return Arrays.stream(list.split(","))
        .map(String::trim)
        .filter(n -> !n.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }
}
