package dev.threadline.executor.tools;

import dev.threadline.avro.ToolDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The executor's tools: the built-ins plus every {@link ToolProvider} found by {@link
 * ServiceLoader}, and which tenants may call the restricted ones ({@link ToolGrants}). One registry
 * serves both the definitions offered to models and the dispatch table. A later tool with the same
 * name as an earlier one is a configuration error.
 */
public final class ToolRegistry {
  private final Map<String, Tool> tools = new LinkedHashMap<>();
  private final ToolGrants grants;

  /** {@code tools}, open to every tenant. */
  public ToolRegistry(List<Tool> tools) {
    this(tools, ToolGrants.OPEN);
  }

  public ToolRegistry(List<Tool> tools, ToolGrants grants) {
    this.grants = grants;
    tools.forEach(this::add);
  }

  /**
   * Built-ins and the tools of every provider on the classpath, granted as {@code settings} say.
   */
  public static ToolRegistry load(List<Tool> builtIns, Map<String, String> settings) {
    List<Tool> all = new ArrayList<>(builtIns);
    for (ToolProvider provider : ServiceLoader.load(ToolProvider.class)) {
      all.addAll(provider.tools(settings));
    }
    return new ToolRegistry(all, ToolGrants.from(settings));
  }

  /** Which tenants may call which of these tools. */
  public ToolGrants grants() {
    return grants;
  }

  private void add(Tool tool) {
    if (tools.putIfAbsent(tool.name(), tool) != null) {
      throw new IllegalArgumentException("two tools are named '" + tool.name() + "'");
    }
  }

  public Optional<Tool> get(String name) {
    return Optional.ofNullable(tools.get(name));
  }

  /**
   * Whether tool {@code name} is here and declared free of side effects ({@link Tool#readOnly}).
   */
  public boolean readOnly(String name) {
    Tool tool = tools.get(name);
    return tool != null && tool.readOnly();
  }

  public List<String> names() {
    return List.copyOf(tools.keySet());
  }

  /**
   * The definition a model sees: the agent's own fields first, the registry's for what is missing.
   */
  public ToolDefinition complete(ToolDefinition definition) {
    Tool tool = tools.get(definition.getName());
    if (tool == null) {
      return definition;
    }
    return new ToolDefinition(
        definition.getName(),
        definition.getDescription() != null ? definition.getDescription() : tool.description(),
        definition.getParametersJson() != null
            ? definition.getParametersJson()
            : tool.parametersSchema().toString());
  }
}
