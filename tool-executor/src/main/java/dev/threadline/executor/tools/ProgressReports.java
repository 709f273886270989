package dev.threadline.executor.tools;

import dev.threadline.avro.ToolRequest;

/**
 * Where running calls report their progress ({@link ToolContext#reportProgress}): live, to whoever
 * watches the call's thread, and never to the model or the thread's log — a step of progress is
 * news while the call runs, and its result is what stays.
 */
@FunctionalInterface
public interface ProgressReports {
  /** Progress that goes nowhere: for runners no one watches. */
  ProgressReports NONE = request -> (progress, total, message) -> {};

  /** Where the call of {@code request} reports. */
  Sink forCall(ToolRequest request);

  /** One call's reports, in the order the tool made them. */
  @FunctionalInterface
  interface Sink {
    void report(double progress, Double total, String message);
  }
}
