package dev.threadline.step.core.machine.commands;

import dev.threadline.config.KvLimits;
import dev.threadline.step.core.Input.SetValue;
import dev.threadline.step.core.machine.decision.Decision;

/**
 * A value of the thread's key-value store written from outside (an operator or UI through the HTTP
 * API): checked against the same caps as the {@code set_value} tool, written by the shell in the
 * transaction that records it, and recorded on the log as the tool's writes are. It changes no
 * turn: a running step sees it at its next {@code get_value}.
 */
public final class KeyValues {
  private KeyValues() {}

  public static void set(Decision d, SetValue v) {
    String refusal = KvLimits.keyRefusal(v.key());
    if (refusal == null) {
      refusal = KvLimits.valueRefusal(v.valueJson());
    }
    if (refusal != null) {
      d.reject(v, refusal);
      return;
    }
    d.writeValue(v.key(), v.valueJson(), false);
  }
}
