package dev.threadline.step.core.machine.awaits;

import dev.threadline.config.Budgets;
import dev.threadline.config.UsageWindows;
import dev.threadline.step.core.CallBudget;
import dev.threadline.step.core.TenantLoad;
import dev.threadline.step.core.machine.decision.Decision;
import java.time.Instant;
import java.util.List;

/**
 * The budgets a step's model call is held to, in the order they are looked at: the thread's calls
 * and tokens in its budget hour, then its tenant's tokens this clock hour and spend this UTC day
 * (as the projector last summed them). The first one spent is the one the thread waits for.
 */
final class ModelBudgets {
  private ModelBudgets() {}

  /**
   * A budget: its setting, its limit and what was used of it (for a spend budget, in millionths of
   * a dollar), and when it is whole again.
   */
  record Spent(String budget, long limit, long used, Instant resumesAt) {
    boolean reached() {
      return used >= limit;
    }

    /** Why a model call the runtime would make now is refused: which budget, and until when. */
    String refusal(String what) {
      return "the model budget "
          + budget
          + " is spent ("
          + used
          + " of "
          + limit
          + (resumesAt == null ? "" : "; whole again at " + resumesAt)
          + "): "
          + what
          + " can run once it is";
    }
  }

  /** The first budget the thread or its tenant has spent at the decision's time, or null. */
  static Spent spent(Decision d) {
    Budgets budgets = d.settings.config().budgets();
    CallBudget hour = d.state().callBudget().at(d.at);
    TenantLoad.Usage tenant = d.tenant.usage().get();
    // An hour without a call yet has no end: nothing is spent in it.
    Instant hourEnd = hour.windowStart() == null ? null : hour.windowEnd();
    return List.of(
            new Spent(
                Budgets.MODEL_CALLS_PER_THREAD,
                budgets.modelCallsPerThreadPerHour(),
                hour.calls(),
                hourEnd),
            new Spent(
                Budgets.TOKENS_PER_THREAD,
                budgets.tokensPerThreadPerHour(),
                hour.tokens(),
                hourEnd),
            new Spent(
                Budgets.TOKENS_PER_TENANT,
                budgets.tokensPerTenantPerHour(),
                tenant.tokensThisHour(),
                UsageWindows.hourEnd(d.at)),
            new Spent(
                Budgets.CALLS_PER_TENANT,
                budgets.callsPerTenantPerHour(),
                tenant.callsThisHour(),
                UsageWindows.hourEnd(d.at)),
            new Spent(
                Budgets.SPEND_PER_TENANT,
                budgets.microUsdPerTenantPerDay(),
                tenant.microUsdToday(),
                UsageWindows.dayEnd(d.at)))
        .stream()
        .filter(Spent::reached)
        .findFirst()
        .orElse(null);
  }
}
