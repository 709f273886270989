package dev.threadline.deploy;

import dev.threadline.testkit.StrictChatCompletions;

/**
 * An acceptance run against the {@code openai} provider: it scripts the strict stand-in's answers
 * and drives the stack while the stand-in is its model.
 */
interface ScriptedAcceptance extends StrictChatCompletions.Script {
  void run(StrictChatCompletions endpoint) throws Exception;
}
