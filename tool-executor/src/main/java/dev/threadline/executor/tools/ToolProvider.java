package dev.threadline.executor.tools;

import java.util.List;
import java.util.Map;

/**
 * Service-provider interface for user tools: implement it, list the class in {@code
 * META-INF/services/dev.threadline.executor.tools.ToolProvider} and put the jar on the executor's
 * classpath. {@code settings} are the executor's settings (for the provider's own keys).
 */
public interface ToolProvider {
  List<Tool> tools(Map<String, String> settings);
}
