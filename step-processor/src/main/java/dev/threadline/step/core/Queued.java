package dev.threadline.step.core;

import dev.threadline.step.core.Values.InboundMessage;
import java.time.Instant;

/** An item of a thread's durable FIFO queue. */
public sealed interface Queued {
  String commandId();

  Instant queuedAt();

  /** A message to inject before the next model call; {@code steer} ones go ahead of the rest. */
  record QueuedMessage(String commandId, InboundMessage message, boolean steer, Instant queuedAt)
      implements Queued {}

  /** A tool call to run (and persist) before the next model call. */
  record QueuedTool(String commandId, String name, String argumentsJson, Instant queuedAt)
      implements Queued {}
}
