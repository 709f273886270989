package dev.threadline.ingest;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What the write endpoints answer when they accept a request, as the OpenAPI document shows. */
public final class Replies {
  private Replies() {}

  /** 201 of {@code POST /v1/threads}. */
  public record ThreadCreated(String threadId) {}

  /**
   * 201 (or 202 while the new thread still takes what it copies) of a fork: the new thread, and the
   * thread and event it goes on from.
   */
  public record ThreadForked(String threadId, ForkedFrom forkedFrom, boolean seeded) {}

  /** A fork's origin: the thread forked, and the event of its log the fork goes on from. */
  public record ForkedFrom(String threadId, long atSeq) {}

  /** 202 of a command: its id, which the events it causes carry. */
  public record Accepted(String commandId) {}

  /** 202 of {@code POST …/effects}. */
  public record EffectScheduled(String commandId, String effectId, String fireAt) {}

  /** 202 of {@code POST …/runs}: the run, to stream, join or cancel. */
  public record RunStarted(
      String runId, String threadId, @Schema(enumeration = {"pending"}) String status) {}

  /** 202 of {@code POST …/runs/{runId}/cancel}. */
  public record RunCancelling(
      String runId, @Schema(enumeration = {"cancelling"}) String status, String commandId) {}
}
