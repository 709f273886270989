package dev.threadline.agents;

/**
 * What a {@code StepRetried} event says, as its readers tell the cases apart: its {@code awaiting}
 * names the kind of call sent again, and one reason marks a recovery — a request that had no result
 * by its deadline (an executor that died holding it, a result lost), sent again as it was.
 */
public final class StepRetries {
  /** The reason of a request sent again because no result came by its deadline. */
  public static final String LOST_RESULT = "no result by the deadline";

  public static final String MODEL = "model";
  public static final String TOOL = "tool";
  public static final String HOOK = "hook";
  public static final String SUBPROMPT = "subprompt";
  public static final String COMPACTION = "compaction";

  private StepRetries() {}
}
