package dev.threadline.executor;

import dev.threadline.avro.ToolRequest;
import dev.threadline.executor.tools.ToolRegistry;
import java.util.function.Predicate;

/**
 * The tool requests that may run before their decision commits: a tool declared free of side
 * effects ({@code Tool#readOnly}), with only such functions as the agent's hooks around it. A
 * request of any other tool, or of one this executor does not have, waits for its commit.
 */
final class ReadOnlyRequests implements Predicate<ToolRequest> {
  private final ToolRegistry tools;

  ReadOnlyRequests(ToolRegistry tools) {
    this.tools = tools;
  }

  @Override
  public boolean test(ToolRequest request) {
    return tools.readOnly(request.getToolName())
        && request.getHooks().values().stream().allMatch(tools::readOnly);
  }
}
