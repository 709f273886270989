package dev.threadline.executor;

import dev.threadline.agents.HookPoint;
import dev.threadline.avro.ModelRequest;
import dev.threadline.executor.tools.ToolRegistry;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The model requests that may be served before their decision commits: those whose agent names, at
 * the points the executor runs around a model call, only functions declared free of side effects
 * ({@code Tool#readOnly}). A request naming any other function there waits for its commit, so that
 * the function never runs for a decision that does not commit.
 */
final class ReadOnlyModelRequests implements Predicate<ModelRequest> {
  /** The hooks the executor runs around a model call (history, and the reply's message). */
  static final Set<String> MODEL_POINTS = Set.copyOf(HookPoint.modelCall());

  private final ToolRegistry tools;

  ReadOnlyModelRequests(ToolRegistry tools) {
    this.tools = tools;
  }

  @Override
  public boolean test(ModelRequest request) {
    return request.getHooks().entrySet().stream()
        .filter(hook -> MODEL_POINTS.contains(hook.getKey()))
        .allMatch(hook -> tools.readOnly(hook.getValue()));
  }
}
