package dev.threadline.step.core.machine;

import dev.threadline.step.core.Values.ToolCall;

/** A tool call as started: its request id and its index in the step. */
public record Started(String requestId, ToolCall call, int index) {}
