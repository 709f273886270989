package dev.threadline.deploy;

import dev.threadline.config.Budgets;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code ./threadline bench} and {@code chaos} lift so that their rounds measure steps and
 * recovery, not governance: ten bench warm-up rounds of 2,000 threads x 10 steps make 200,000 model
 * calls within the hour, twice a tenant's default budget, and a 10,000-step thread makes ten times
 * a thread's. A limit {@code --set} names is the user's and stays as given.
 */
final class LoadLimits {
  private static final String UNLIMITED_COUNT = "1000000000";
  private static final String UNLIMITED_TOKENS = "1000000000000";

  private LoadLimits() {}

  static List<String> lifted(String set, int steps) {
    List<String> lifted = new ArrayList<>();
    lift(lifted, set, "threadline.limits.threads.per.tenant", "1000000");
    lift(lifted, set, Budgets.CALLS_PER_TENANT, UNLIMITED_COUNT);
    lift(lifted, set, Budgets.TOKENS_PER_TENANT, UNLIMITED_TOKENS);
    lift(lifted, set, Budgets.MODEL_CALLS_PER_THREAD, UNLIMITED_COUNT);
    lift(lifted, set, Budgets.TOKENS_PER_THREAD, UNLIMITED_TOKENS);
    // A turn of K steps must not hit the runtime's hard cap per turn (100 by default).
    if (steps >= 100) {
      lift(lifted, set, "threadline.step.hard.max.steps", Integer.toString(steps + 1));
    }
    return lifted;
  }

  private static void lift(List<String> lifted, String set, String setting, String value) {
    if (!set.contains(setting + "=")) {
      lifted.add("-D" + setting + "=" + value);
    }
  }
}
