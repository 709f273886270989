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
 * ServiceLoader}, then the tools of the sources whose lists change ({@link ToolSource}), and which
 * tenants may call the restricted ones ({@link ToolGrants}). One registry serves both the
 * definitions offered to models and the dispatch table. A later fixed tool with the same name as an
 * earlier one is a configuration error.
 */
public final class ToolRegistry {
  private final Map<String, Tool> tools = new LinkedHashMap<>();
  private final List<ToolSource> sources;
  private final ToolGrants grants;

  /** {@code tools}, open to every tenant. */
  public ToolRegistry(List<Tool> tools) {
    this(tools, ToolGrants.OPEN);
  }

  public ToolRegistry(List<Tool> tools, ToolGrants grants) {
    this(tools, List.of(), grants);
  }

  public ToolRegistry(List<Tool> tools, List<? extends ToolSource> sources, ToolGrants grants) {
    this.grants = grants;
    this.sources = List.copyOf(sources);
    tools.forEach(this::add);
  }

  /**
   * Built-ins and the tools of every provider on the classpath, granted as {@code settings} say.
   */
  public static ToolRegistry load(
      List<Tool> builtIns, List<? extends ToolSource> sources, Map<String, String> settings) {
    List<Tool> all = new ArrayList<>(builtIns);
    for (ToolProvider provider : ServiceLoader.load(ToolProvider.class)) {
      all.addAll(provider.tools(settings));
    }
    return new ToolRegistry(all, sources, ToolGrants.from(settings));
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
    Tool fixed = tools.get(name);
    if (fixed != null) {
      return Optional.of(fixed);
    }
    for (ToolSource source : sources) {
      Optional<Tool> found = source.find(name);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  /**
   * Whether tool {@code name} is here and declared free of side effects ({@link Tool#readOnly}).
   */
  public boolean readOnly(String name) {
    return get(name).map(Tool::readOnly).orElse(false);
  }

  public List<String> names() {
    List<String> names = new ArrayList<>(tools.keySet());
    sources.forEach(source -> names.addAll(source.names()));
    return List.copyOf(names);
  }

  /**
   * The definition a model sees: the agent's own fields first, the registry's for what is missing.
   */
  public ToolDefinition complete(ToolDefinition definition) {
    Tool tool = get(definition.getName()).orElse(null);
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
