package dev.threadline.executor.tools;

import java.util.List;
import java.util.Optional;

/**
 * Tools whose list changes while the executor runs — an MCP server's, which says so with {@code
 * notifications/tools/list_changed}: the registry asks it by name, after its fixed tools, so a tool
 * the source gains is called at once and one it lost is {@code unknown_tool}.
 */
public interface ToolSource {
  /** The tool of that name the source offers now. */
  Optional<Tool> find(String name);

  /** The names of the tools it offers now. */
  List<String> names();
}
