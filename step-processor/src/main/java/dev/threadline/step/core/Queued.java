package dev.threadline.step.core;

import dev.threadline.config.Utf8;
import dev.threadline.step.core.Values.InboundMessage;
import java.time.Instant;

/** An item of a thread's durable FIFO queue. */
public sealed interface Queued {
  String commandId();

  Instant queuedAt();

  /** What the item takes of the queue's byte budget ({@link Sizes}). */
  long bytes();

  /** A message to inject before the next model call; {@code steer} ones go ahead of the rest. */
  record QueuedMessage(String commandId, InboundMessage message, boolean steer, Instant queuedAt)
      implements Queued {
    @Override
    public long bytes() {
      return Sizes.of(message);
    }
  }

  /** A tool call to run (and persist) before the next model call. */
  record QueuedTool(String commandId, String name, String argumentsJson, Instant queuedAt)
      implements Queued {
    @Override
    public long bytes() {
      return Utf8.length(name) + Utf8.length(argumentsJson);
    }
  }
}
