package dev.threadline.agents;

import java.util.Locale;

/**
 * What a tool may ask of its own thread through {@code ThreadState}: the kinds of the writes a tool
 * result carries ({@code ToolEffect.kind} on the wire, {@code docs/tools.md}). The executor makes
 * them; the step processor checks and applies them with the result, all or none.
 */
public enum ToolWriteKind {
  SET_VALUE,
  QUEUE_MESSAGE,
  INJECT_MESSAGE,
  QUEUE_TOOL,
  SCHEDULE_EFFECT,
  REMOVE_SCHEDULED_EFFECT,
  SET_ENV,
  WRITE_FILE,
  UPDATE_MESSAGE,
  EMIT,
  NOTIFY_PARENT,
  SET_STATUS;

  /** Its name on the wire, e.g. {@code schedule_effect}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The kind named {@code wire}, or null when no kind is named so. */
  public static ToolWriteKind of(String wire) {
    for (ToolWriteKind kind : values()) {
      if (kind.wire().equals(wire)) {
        return kind;
      }
    }
    return null;
  }

  /** Whether a write of this kind touches the thread's timers (the shell looks them up first). */
  public boolean touchesTimers() {
    return this == SCHEDULE_EFFECT || this == REMOVE_SCHEDULED_EFFECT;
  }
}
