package dev.threadline.step.core;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.List;

/**
 * A post-turn behaviour of an agent (seed 000, "post-turn behavior evaluation"): when a step ends
 * with an answer and no tool calls, and since the turn began (or the last behaviour fired) the turn
 * called one of {@code toolUsed} and wrote a file matching one of {@code fileWritten} (each
 * condition only when given: AND across them, any-of within), {@code prompt} joins the conversation
 * as a user message and the turn goes on — at most once a turn.
 *
 * @param fileWritten glob patterns over the written file's path ({@code /attachments/*.py})
 */
public record Behavior(
    String name, List<String> toolUsed, List<String> fileWritten, String prompt) {
  public Behavior {
    toolUsed = List.copyOf(toolUsed);
    fileWritten = List.copyOf(fileWritten);
  }

  /** Whether a call of tool {@code tool} counts for this behaviour's {@code toolUsed}. */
  public boolean watchesTool(String tool) {
    return toolUsed.contains(tool);
  }

  /** Whether writing the file at {@code path} counts for this behaviour's {@code fileWritten}. */
  public boolean watchesFile(String path) {
    Path written = Path.of(path);
    return fileWritten.stream()
        .anyMatch(glob -> FileSystems.getDefault().getPathMatcher("glob:" + glob).matches(written));
  }
}
