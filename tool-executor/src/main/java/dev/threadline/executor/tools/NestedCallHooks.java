package dev.threadline.executor.tools;

import dev.threadline.avro.ToolRequest;

/**
 * What the agent's tool-call hooks make of a call another tool made within its own (run_code's
 * {@code tools.*}): the outcome the calling tool gets instead of {@code ran}.
 */
@FunctionalInterface
public interface NestedCallHooks {
  /** No hooks: the calling tool gets what the call gave. */
  NestedCallHooks NONE = (call, ran) -> ran;

  ToolRunner.Outcome apply(ToolRequest call, ToolRunner.Outcome ran);
}
